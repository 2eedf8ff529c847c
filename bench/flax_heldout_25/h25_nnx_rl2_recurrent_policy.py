# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 agent.act draws from the agent's nnx.Rngs stream inside the raw scan body (bound method as body)
"""Meta-RL (RL^2): a recurrent policy adapts across episodes of a two-armed bandit task."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RL2Config:
    arms: int = 2
    hidden: int = 16
    trial_length: int = 6


class RecurrentCore(nnx.Module):
    def __init__(self, cfg: RL2Config, rngs: nnx.Rngs):
        in_dim = cfg.arms + 1
        self.cell = nnx.GRUCell(in_dim, cfg.hidden, rngs=rngs)
        self.policy = nnx.Linear(cfg.hidden, cfg.arms, rngs=rngs)
        self.value = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, h, prev_action, prev_reward):
        x = jnp.concatenate([jax.nn.one_hot(prev_action, self.policy.out_features), prev_reward[None]])
        h, _ = self.cell(h, x)
        return h, self.policy(h), self.value(h)[0]


class RL2Agent(nnx.Module):
    def __init__(self, cfg: RL2Config, seed: int):
        self.cfg = cfg
        self.core = RecurrentCore(cfg, nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(action=seed + 1)

    def act(self, carry, arm_probs):
        h, action, reward = carry
        h, logits, value = self.core(h, action, reward)
        action = jax.random.categorical(self.rngs.action(), logits)
        reward = (arm_probs[action] > 0.5).astype(jnp.float32)
        return (h, action, reward), (action, value)


def run_trial(agent, arm_probs):
    h0 = jnp.zeros((agent.cfg.hidden,))
    carry = (h0, jnp.int32(0), jnp.float32(0.0))
    _, (actions, values) = jax.lax.scan(
        lambda c, _: agent.act(c, arm_probs), carry, None, length=agent.cfg.trial_length)
    return actions, values


def main():
    cfg = RL2Config()
    agent = RL2Agent(cfg, seed=0)
    actions, values = run_trial(agent, jnp.array([0.2, 0.8]))
    print("arm choices", actions.tolist(), "mean value", float(values.mean()))
    return None
