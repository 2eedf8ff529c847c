# label: ok
# flax-error: none
# class: 3 the runner draws rngs.action() once before the fori_loop and splits it; the body indexes a per-step key and passes it to the policy's sample method
"""Gaussian gait policy for a simplified quadruped (12 joint targets from proprioception).

The runner rolls the policy out on a linearised body model and records the commanded joint
targets; exploration noise comes from the runner's own RNG streams.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class GaitConfig:
    obs_dim: int = 10
    joints: int = 12
    hidden: int = 16
    horizon: int = 6
    action_std: float = 0.1


class MLPTrunk(nnx.Module):
    def __init__(self, sizes, rngs):
        self.layers = nnx.List([nnx.Linear(a, b, rngs=rngs) for a, b in zip(sizes[:-1], sizes[1:])])

    def __call__(self, x):
        for layer in self.layers:
            x = nnx.elu(layer(x))
        return x


class GaitPolicy(nnx.Module):
    def __init__(self, cfg: GaitConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.trunk = MLPTrunk([cfg.obs_dim, cfg.hidden, cfg.hidden], rngs)
        self.mean = nnx.Linear(cfg.hidden, cfg.joints, rngs=rngs)

    def sample(self, obs, key):
        mu = jnp.tanh(self.mean(self.trunk(obs)))
        return mu + self.cfg.action_std * jax.random.normal(key, mu.shape)


class RolloutRunner:
    def __init__(self, policy, cfg, seed=0):
        self.policy, self.cfg = policy, cfg
        self.rngs = nnx.Rngs(action=seed)
        self.A = 0.9 * jnp.eye(cfg.obs_dim)
        self.B = 0.05 * jnp.ones((cfg.obs_dim, cfg.joints))

    def _act(self, obs, key):
        return self.policy.sample(obs, key)

    def _tick(self, t, carry):
        obs, actions, keys = carry
        a = self._act(obs, keys[t])
        return self.A @ obs + self.B @ a, actions.at[t].set(a), keys

    def rollout(self, obs0):
        actions = jnp.zeros((self.cfg.horizon, self.cfg.joints))
        keys = jax.random.split(self.rngs.action(), self.cfg.horizon)
        _, actions, _ = jax.lax.fori_loop(0, self.cfg.horizon, self._tick, (obs0, actions, keys))
        return actions


def main():
    cfg = GaitConfig()
    policy = GaitPolicy(cfg, nnx.Rngs(params=0))
    runner = RolloutRunner(policy, cfg, seed=3)
    actions = runner.rollout(jnp.linspace(-0.5, 0.5, cfg.obs_dim))
    print("mean joint target", actions.mean(axis=1))
    return actions
