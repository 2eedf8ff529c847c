# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a FrostFanScheduler keeps self._step = nnx.jit(frost_step) on itself; the jax.lax.scan body over the night's hours calls the jitted step with self.model
"""Vineyard frost protection: each hour of a cold night a risk model scores every block of vines
and the scheduler decides which wind machines to run. The per-hour step is compiled once with
nnx.jit and kept on the scheduler, as the control service does."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FrostRisk(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_sensors, 8, rngs=rngs)
        self.risk = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.risk(nnx.relu(self.enc(readings))))[..., 0]


def frost_step(model: FrostRisk, readings, threshold):
    risk = model(readings)
    return risk, (risk > threshold).astype(jnp.float32)


class FrostFanScheduler:
    def __init__(self, model: FrostRisk, threshold: float = 0.5):
        self.model = model
        self.threshold = threshold
        self._step = nnx.jit(frost_step)

    def run_night(self, night):
        def hour(fan_hours, readings):
            _, fans_on = self._step(self.model, readings, self.threshold)
            return fan_hours + fans_on, fans_on

        return jax.lax.scan(hour, jnp.zeros(night.shape[1]), night)


def main():
    night = jax.random.normal(jax.random.key(0), (10, 6, 4))  # hours x blocks x sensors
    scheduler = FrostFanScheduler(FrostRisk(4, nnx.Rngs(0)))
    fan_hours, _ = scheduler.run_night(night)
    print("fan hours per block", fan_hours)
    return None
