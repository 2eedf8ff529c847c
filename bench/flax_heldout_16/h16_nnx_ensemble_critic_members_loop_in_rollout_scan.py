# label: ok
# flax-error: none
# class: 4 the rollout scan body calls an Ensemble method whose module-level helper runs every critic of the ensemble's nnx.List in a Python loop, reading parameters only
"""Ensemble of Q-critics scoring a rollout; disagreement drives exploration (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    obs_dim: int = 4
    act_dim: int = 2
    hidden: int = 16
    members: int = 3
    horizon: int = 5


class Critic(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc1 = nnx.Linear(cfg.obs_dim + cfg.act_dim, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, obs, act):
        return self.fc2(nnx.relu(self.fc1(jnp.concatenate([obs, act], -1)))).squeeze(-1)


def ensemble_forward(critics, obs, act):
    return jnp.stack([critic(obs, act) for critic in critics])


class Ensemble(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.critics = nnx.List([Critic(cfg, rngs=rngs) for _ in range(cfg.members)])

    def disagreement(self, obs, act):
        qs = ensemble_forward(self.critics, obs, act)
        return qs.std(0), qs.mean(0)


def toy_dynamics(obs, act):
    return 0.9 * obs + 0.1 * jnp.tile(act, (1, obs.shape[-1] // act.shape[-1]))


def scored_rollout(ensemble, obs0, actions):
    def body(obs, act):
        spread, q = ensemble.disagreement(obs, act)
        return toy_dynamics(obs, act), (spread, q)

    _, (spread, q) = jax.lax.scan(body, obs0, actions)
    return spread, q


def main():
    cfg = EnsembleConfig()
    ensemble = Ensemble(cfg, rngs=nnx.Rngs(0))
    obs0 = jax.random.normal(jax.random.key(1), (3, cfg.obs_dim))
    actions = jax.random.uniform(jax.random.key(2), (cfg.horizon, 3, cfg.act_dim), minval=-1.0)
    spread, q = scored_rollout(ensemble, obs0, actions)
    assert spread.shape == (cfg.horizon, 3)
    return None
