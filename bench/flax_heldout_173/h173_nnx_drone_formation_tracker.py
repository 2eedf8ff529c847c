# label: trace-context
# flax-error: TraceContextError: Cannot mutate SwarmCentroid from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 FormationTracker.track runs lax.fori_loop itself and the body writes self.centroid, a SwarmCentroid(nnx.Variable) of the module
"""Drone swarm coordinator: formation tracker.

The tracker keeps an exponentially smoothed centroid of the swarm (a custom Variable type so
checkpointing can pick it out) and a learned velocity command toward the rally point. The
coordinator feeds it the GPS fixes of each control tick.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SwarmCentroid(nnx.Variable):
    """Smoothed swarm centre; saved with the mission log, never trained."""


class FormationTracker(nnx.Module):
    def __init__(self, smoothing: float, rngs: nnx.Rngs):
        self.smoothing = smoothing
        self.centroid = SwarmCentroid(jnp.zeros(3))
        self.command = nnx.Linear(3, 3, use_bias=False, rngs=rngs)

    def track(self, fixes, rally_point):
        def body(tick, effort):
            centre = jnp.mean(fixes[tick], axis=0)
            self.centroid[...] = self.smoothing * self.centroid[...] + (1 - self.smoothing) * centre
            velocity = self.command(rally_point - self.centroid[...])
            return effort + jnp.sum(velocity**2)

        return lax.fori_loop(0, fixes.shape[0], body, jnp.zeros(()))


class SwarmCoordinator:
    def __init__(self, n_drones: int):
        self.n_drones = n_drones
        self.tracker = FormationTracker(0.8, nnx.Rngs(0))

    def mission_tick_batch(self, fixes, rally_point):
        effort = self.tracker.track(fixes, rally_point)
        return effort, self.tracker.centroid[...]


def main():
    coordinator = SwarmCoordinator(n_drones=6)
    fixes = jax.random.normal(jax.random.key(1), (10, 6, 3)) + jnp.array([5.0, -2.0, 30.0])
    effort, centroid = coordinator.mission_tick_batch(fixes, jnp.array([0.0, 0.0, 40.0]))
    print("effort", effort, "centroid", centroid)
    return None
