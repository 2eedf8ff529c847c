# label: ok
# flax-error: none
# class: 1 the policy's own rollout method runs lax.scan; make_rng('explore') is drawn once before the loop and folded with the step inside the body
"""Warehouse robot path planning: a sampling-based planner perturbs the waypoint policy
with exploration noise at every step of the planning horizon."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class AisleGridSpec:
    horizon: int = 8
    hidden: int = 32
    noise_scale: float = 0.25
    max_speed: float = 1.5


class WaypointPolicy(nn.Module):
    spec: AisleGridSpec

    @nn.compact
    def __call__(self, pose, goal):
        h = nn.Dense(self.spec.hidden, name="trunk")(jnp.concatenate([pose, goal - pose], -1))
        h = nn.swish(h)
        return jnp.tanh(nn.Dense(2, name="head")(h)) * self.spec.max_speed

    def rollout(self, start, goal):
        """Returns the exploration offsets applied at each planning step."""

        base_key = self.make_rng("explore")

        def plan_step(pose, step):
            velocity = self(pose, goal)
            offset = self.spec.noise_scale * jax.random.normal(jax.random.fold_in(base_key, step), (2,))
            return pose + velocity + offset, offset

        _, offsets = lax.scan(plan_step, start, jnp.arange(self.spec.horizon))
        return offsets


class PickPathPlanner:
    def __init__(self, spec: AisleGridSpec, seed: int = 0):
        self.spec = spec
        self.policy = WaypointPolicy(spec)
        self.variables = self.policy.init(jax.random.key(seed), jnp.zeros(2), jnp.ones(2))

    def sample_plan(self, start, goal, key):
        return self.policy.apply(
            self.variables, start, goal, method=WaypointPolicy.rollout, rngs={"explore": key}
        )


def main():
    planner = PickPathPlanner(AisleGridSpec())
    offsets = planner.sample_plan(jnp.zeros(2), jnp.array([4.0, 7.0]), jax.random.key(11))
    return offsets
