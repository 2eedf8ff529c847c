# label: ok
# flax-error: none
# class: 5 make_rollout_step(planner, variables) binds the planner with a mutable "planner_state" collection and returns a step function; the visit counts travel in the scan carry and are written back with bound.put_visits after the loop
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

    def step(carry, _):
        pos, visits = carry
        logits = bound.score(pos, visits)
        nxt = jax.nn.one_hot(jnp.argmax(logits), logits.shape[-1])
        return (nxt, visits + pos), logits

    return step, bound


class ShiftPlanner:
    def __init__(self, cfg: FloorConfig, seed=0):
        self.cfg = cfg
        self.planner = AislePlanner(cfg.n_aisles)
        self.variables = self.planner.init(jax.random.key(seed), jnp.zeros(cfg.n_aisles))

    def plan(self, start):
        step, bound = make_rollout_step(self.planner, self.variables)
        visits0 = bound.variables["planner_state"]["visits"]
        (_, visits), logits = lax.scan(step, (start, visits0), None, length=self.cfg.horizon)
        bound.put_visits(visits)
        visits = bound.variables["planner_state"]["visits"]
        return logits, visits / visits.sum()


def main():
    cfg = FloorConfig()
    shift = ShiftPlanner(cfg)
    logits, heat = shift.plan(jax.nn.one_hot(0, cfg.n_aisles))
    print(logits.shape, heat)
    return None
