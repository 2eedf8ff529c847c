# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 jitted rollout factory closure -> bound model (bind mutable=['batch_stats']) with train-mode BatchNorm inside the raw scan body
"""Model-predictive control with a learned dynamics model: rollouts scored by a planner."""
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DynamicsConfig:
    state_dim: int = 4
    action_dim: int = 2
    hidden: int = 32
    horizon: int = 6


class DynamicsBlock(nn.Module):
    hidden: int
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(x)
        return nn.silu(x)


class DynamicsModel(nn.Module):
    cfg: DynamicsConfig
    train: bool = False

    @nn.compact
    def __call__(self, state, action):
        x = jnp.concatenate([state, action], -1)
        x = DynamicsBlock(self.cfg.hidden, self.train)(x)
        return state + nn.Dense(self.cfg.state_dim)(x)


def make_rollout(cfg: DynamicsConfig, train: bool) -> Callable:
    model = DynamicsModel(cfg, train=train)

    @jax.jit
    def rollout(variables, state0, actions):
        bound = model.bind(variables, mutable=["batch_stats"])

        def step(state, action):
            next_state = bound(state, action)
            return next_state, jnp.sum(next_state ** 2, -1)

        final, costs = jax.lax.scan(step, state0, actions)
        stats = {"batch_stats": bound.variables["batch_stats"]}
        return final, costs.sum(), stats

    return rollout


class Planner:
    def __init__(self, cfg, variables, train):
        self.rollout = make_rollout(cfg, train)
        self.variables = variables

    def score(self, state0, actions):
        final, cost, stats = self.rollout(self.variables, state0, actions)
        self.variables = {**self.variables, **stats}
        return cost


def main():
    cfg = DynamicsConfig()
    model = DynamicsModel(cfg)
    states = jnp.ones((8, cfg.state_dim))
    actions = jnp.zeros((cfg.horizon, 8, cfg.action_dim)) + 0.1
    variables = model.init(jax.random.key(0), states, actions[0])
    planner = Planner(cfg, variables, train=True)
    cost = planner.score(states, actions)
    print("plan cost", float(cost))
    return None
