# label: ok
# flax-error: none
# class: 3 the Planner holds the world model and scores candidate plans with apply(method=imagine, train=False); BatchNorm inside the scan uses its running averages
"""Model-predictive control with a learned latent dynamics model (random shooting).

The world model has been fit with batch statistics; at planning time it is evaluated
in inference mode over many candidate action sequences.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PlanConfig:
    obs_dim: int = 5
    act_dim: int = 2
    latent: int = 16
    horizon: int = 6
    n_candidates: int = 32


class LatentDynamics(nn.Module):
    latent: int

    @nn.compact
    def __call__(self, z, a, train: bool):
        h = nn.Dense(self.latent)(jnp.concatenate([z, a], axis=-1))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return z + nn.elu(h)


class WorldModel(nn.Module):
    cfg: PlanConfig

    def setup(self):
        self.encode = nn.Dense(self.cfg.latent)
        self.dynamics = LatentDynamics(self.cfg.latent)
        self.reward = nn.Dense(1)

    def __call__(self, obs, act, train: bool = True):
        return self.reward(self.dynamics(self.encode(obs), act, train)).squeeze(-1)

    def _transition(self, z, a, train):
        z = self.dynamics(z, a, train)
        return z, self.reward(z).squeeze(-1)

    def imagine(self, obs, plans, train: bool = False):
        z0 = jnp.broadcast_to(self.encode(obs), (plans.shape[1], self.cfg.latent))
        _, rewards = jax.lax.scan(lambda z, a: self._transition(z, a, train), z0, plans)
        return rewards.sum(axis=0)


class Planner:
    def __init__(self, cfg, model, variables):
        self.cfg, self.model, self.variables = cfg, model, variables

    def _score(self, obs, plans):
        return self.model.apply(self.variables, obs, plans, method=WorldModel.imagine, train=False)

    def act(self, obs, key):
        shape = (self.cfg.horizon, self.cfg.n_candidates, self.cfg.act_dim)
        plans = jnp.tanh(jax.random.normal(key, shape))
        returns = self._score(obs, plans)
        return plans[0, jnp.argmax(returns)]


def main():
    cfg = PlanConfig()
    model = WorldModel(cfg)
    obs = jax.random.normal(jax.random.key(0), (16, cfg.obs_dim))
    act = jax.random.normal(jax.random.key(1), (16, cfg.act_dim))
    variables = model.init(jax.random.key(2), obs, act)
    _, updates = model.apply(variables, obs, act, mutable=["batch_stats"])
    planner = Planner(cfg, model, {**variables, **updates})
    a0 = planner.act(obs[0], jax.random.key(3))
    a1 = planner.act(obs[1], jax.random.key(4))
    return None
