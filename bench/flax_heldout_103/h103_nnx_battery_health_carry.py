# label: ok
# flax-error: none
# class: 1 BatteryHealthModel.track runs jax.lax.scan over charge cycles, carries the RunningCapacity value (an nnx.Variable subclass) and assigns it once after the loop
"""Electric-vehicle fleet: estimate battery state of health from per-cycle charging features.
The NNX model keeps an exponentially smoothed capacity estimate in a custom Variable type,
which the fleet telemetry job checkpoints separately from the params."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RunningCapacity(nnx.Variable):
    """Smoothed capacity estimate; filtered out of the optimizer by type."""


class BatteryHealthModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs, smoothing: float = 0.9):
        self.fade = nnx.Linear(n_features, 1, rngs=rngs)
        self.capacity = RunningCapacity(jnp.asarray(1.0))
        self.smoothing = smoothing

    def __call__(self, cycle_features):
        return jax.nn.sigmoid(self.fade(cycle_features))[0]

    def track(self, cycles):
        def cycle(capacity, features):
            observed = self(features)
            smoothed = self.smoothing * capacity + (1.0 - self.smoothing) * observed
            return smoothed, smoothed

        capacity, history = jax.lax.scan(cycle, self.capacity[...], cycles)
        self.capacity[...] = capacity
        return history


class FleetTelemetryJob:
    def __init__(self, n_vehicles: int, n_features: int):
        self.models = [BatteryHealthModel(n_features, nnx.Rngs(i)) for i in range(n_vehicles)]

    def run(self, cycles_per_vehicle):
        histories = [m.track(c) for m, c in zip(self.models, cycles_per_vehicle)]
        capacities = nnx.state(self.models, RunningCapacity)
        return histories, capacities


def main():
    job = FleetTelemetryJob(n_vehicles=2, n_features=5)
    cycles = jax.random.uniform(jax.random.key(0), (2, 40, 5))
    job.run(list(cycles))
    return None
