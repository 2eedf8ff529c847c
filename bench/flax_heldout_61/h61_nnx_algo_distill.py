# label: same-values
# flax-error: none
# class: 5 a module-level rollout receives the NNX policy and a PRNG key from a small dataclass config; the scan body reuses that key for every exploration draw
"""Algorithm distillation data collection: an NNX source policy acts epsilon-greedily in a toy
environment; the learning histories become the transformer's training context. Returns the
exploration draws per step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass
class RolloutConfig:
    horizon: int = 6
    epsilon: float = 0.3
    key: jax.Array = None


class SourcePolicy(nnx.Module):
    def __init__(self, n_obs, n_actions, *, rngs: nnx.Rngs):
        self.q = nnx.Linear(n_obs, n_actions, rngs=rngs)
        self.n_actions = n_actions

    def __call__(self, obs):
        return self.q(obs)


def rollout(policy, obs0, cfg: RolloutConfig):
    def env_step(obs, _):
        draws = jax.random.uniform(cfg.key, (2,))
        greedy = jnp.argmax(policy(obs))
        random_a = jnp.floor(draws[1] * policy.n_actions).astype(jnp.int32)
        action = jnp.where(draws[0] < cfg.epsilon, random_a, greedy)
        next_obs = jnp.tanh(obs + jax.nn.one_hot(action, policy.n_actions))
        return next_obs, draws

    _, draws = jax.lax.scan(env_step, obs0, None, length=cfg.horizon)
    return draws


def main():
    policy = SourcePolicy(4, 4, rngs=nnx.Rngs(0))
    cfg = RolloutConfig(key=jax.random.key(3))
    return rollout(policy, jnp.zeros((4,)), cfg)
