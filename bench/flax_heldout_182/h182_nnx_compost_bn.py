# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a BackfillPipeline calls predict() on its constructor-injected SensorAdapter, which calls the adapter's model (BatchNorm left in train mode) inside the fori_loop body
"""Municipal compost-windrow monitoring: backfills missing core temperatures from neighbouring probes."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CoreTempModel(nnx.Module):
    def __init__(self, probes: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(probes, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.95, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.proj(x))))[..., 0]


class SensorAdapter:
    """Converts raw probe counts to degrees and back."""

    def __init__(self, model: CoreTempModel, scale: float = 70.0):
        self.model = model
        self.scale = scale

    def predict(self, raw):
        return self.scale * self.model(raw / self.scale)


class BackfillPipeline:
    def __init__(self, adapter: SensorAdapter):
        self.adapter = adapter

    def backfill(self, raw, missing):
        def fill_hour(i, filled):
            estimate = self.adapter.predict(raw[i])
            return filled.at[i].set(jnp.where(missing[i], estimate, filled[i]))

        return lax.fori_loop(0, raw.shape[0], fill_hour, raw[:, :, 0])


def main():
    raw = 55.0 + 5.0 * jax.random.normal(jax.random.key(0), (24, 6, 5))
    missing = jax.random.bernoulli(jax.random.key(1), 0.2, (24, 6))
    model = CoreTempModel(5, nnx.Rngs(0))
    pipeline = BackfillPipeline(SensorAdapter(model))
    filled = pipeline.backfill(raw, missing)
    print("mean core temp", float(filled.mean()))
    return None
