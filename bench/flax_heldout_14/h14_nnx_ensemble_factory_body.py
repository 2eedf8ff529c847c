# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a factory builds the raw scan body over a list of NNX ensemble members whose Dropout layers own Rngs
"""Bootstrapped ensemble of dynamics models used for model-based RL
planning (excerpt). Each member has dropout for extra epistemic noise."""
from dataclasses import dataclass
from typing import Sequence

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class PlannerConfig:
    obs_dim: int = 3
    act_dim: int = 1
    hidden: int = 24
    n_members: int = 3
    horizon: int = 6
    dropout: float = 0.1


class Member(nnx.Module):
    def __init__(self, cfg: PlannerConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.obs_dim + cfg.act_dim, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.obs_dim, rngs=rngs)

    def __call__(self, obs, act):
        h = nnx.relu(self.inp(jnp.concatenate([obs, act], -1)))
        return obs + self.out(self.drop(h))


def build_members(cfg: PlannerConfig) -> Sequence[Member]:
    return [Member(cfg, nnx.Rngs(params=i, dropout=100 + i)) for i in range(cfg.n_members)]


def make_imagine_step(members: Sequence[Member]):
    def step(obs, act):
        preds = jnp.stack([m(obs, act) for m in members])
        nxt = preds.mean(0)
        return nxt, (nxt, preds.var(0).sum())
    return step


def plan_cost(members, obs0, actions):
    step = make_imagine_step(members)
    _, (traj, disagreement) = jax.lax.scan(step, obs0, actions)
    return jnp.sum(traj ** 2) + disagreement.sum()


def main():
    cfg = PlannerConfig()
    members = build_members(cfg)
    actions = jnp.zeros((cfg.horizon, cfg.act_dim))
    cost = plan_cost(members, jnp.ones(cfg.obs_dim), actions)
    return None
