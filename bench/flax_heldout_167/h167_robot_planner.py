# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_rollout_step(planner, variables) binds the planner with a mutable "planner_state" collection and returns a step function; the scan body calls bound.step, which writes the visit counts
"""Warehouse robotics planner: picks the next aisle for a robot from its
position and how often each aisle was visited during the shift."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FloorConfig:
    n_aisles: int = 5
    horizon: int = 8


class AislePlanner(nn.Module):
    n_aisles: int

    def setup(self):
        self.policy = nn.Dense(self.n_aisles)
        self.visits = self.variable("planner_state", "visits", lambda: jnp.zeros(self.n_aisles))

    def __call__(self, pos):
        return self.score(pos, self.visits.value)

    def score(self, pos, visits):
        return self.policy(jnp.concatenate([pos, visits]))

    def step(self, pos):
        logits = self.score(pos, self.visits.value)
        self.visits.value = self.visits.value + pos
        return logits

    def put_visits(self, visits):
        self.visits.value = visits


def make_rollout_step(planner, variables):
    bound = planner.bind(variables, mutable=["planner_state"])

    def step(pos, _):
        logits = bound.step(pos)
        nxt = jax.nn.one_hot(jnp.argmax(logits), logits.shape[-1])
        return nxt, logits

    return step, bound


class ShiftPlanner:
    def __init__(self, cfg: FloorConfig, seed=0):
        self.cfg = cfg
        self.planner = AislePlanner(cfg.n_aisles)
        self.variables = self.planner.init(jax.random.key(seed), jnp.zeros(cfg.n_aisles))

    def plan(self, start):
        step, bound = make_rollout_step(self.planner, self.variables)
        _, logits = lax.scan(step, start, None, length=self.cfg.horizon)
        visits = bound.variables["planner_state"]["visits"]
        return logits, visits / visits.sum()


def main():
    cfg = FloorConfig()
    shift = ShiftPlanner(cfg)
    logits, heat = shift.plan(jax.nn.one_hot(0, cfg.n_aisles))
    print(logits.shape, heat)
    return None
