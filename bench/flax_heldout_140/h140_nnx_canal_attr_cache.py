# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'SensorAdapter' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 LockCycleJob reaches the model through DiagnosticsService.adapter (an nnx.Module adapter) whose adapt() also stores the last offset on the adapter
"""Canal locks: water-level offsets per lock chamber, read through a sensor adapter."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ChamberLevelModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(3, 6, rngs=rngs)
        self.offset = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x):
        return self.offset(nnx.tanh(self.encoder(x)))[0]


class SensorAdapter(nnx.Module):
    """Scales raw encoder counts into the model's units and remembers the last offset."""

    def __init__(self, model, counts_per_mm=100.0):
        self.model = model
        self.counts_per_mm = counts_per_mm
        self.last_offset = jnp.zeros(())

    def adapt(self, raw_counts):
        offset = self.model(raw_counts / self.counts_per_mm)
        self.remember(offset)
        return offset

    def remember(self, offset):
        self.last_offset = offset


class DiagnosticsService:
    def __init__(self, adapter):
        self.adapter = adapter


class LockCycleJob:
    def __init__(self, service, tolerance_mm=3.0):
        self.service = service
        self.tolerance_mm = tolerance_mm

    def run(self, chambers):
        def chamber(out_of_tolerance, raw):
            offset = self.service.adapter.adapt(raw)
            return out_of_tolerance + (jnp.abs(offset) > self.tolerance_mm), offset

        count, offsets = jax.lax.scan(chamber, jnp.int32(0), chambers)
        return count, offsets


def main():
    adapter = SensorAdapter(ChamberLevelModel(nnx.Rngs(0)))
    job = LockCycleJob(DiagnosticsService(adapter))
    chambers = jax.random.normal(jax.random.key(9), (12, 3)) * 400.0
    job.run(chambers)
    return None
