# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body of CountingService.process calls self.pipeline.model, which adds to its own vehicles_seen Variable
"""Camera-based vehicle counting: per-lane counts for a sequence of frames, with a running total."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class FlowCounter(nnx.Module):
    def __init__(self, lanes: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(lanes, lanes, rngs=rngs)
        self.vehicles_seen = nnx.Variable(jnp.zeros(()))

    def __call__(self, frame):
        counts = nnx.relu(self.encoder(frame))
        self.vehicles_seen[...] += counts.sum()
        return counts


class CountingPipeline:
    def __init__(self, model: FlowCounter, frame_rate: float = 2.0):
        self.model = model
        self.frame_rate = frame_rate


class CountingService:
    def __init__(self, pipeline: CountingPipeline):
        self.pipeline = pipeline

    def process(self, frames):
        def step(carry, frame):
            return carry, self.pipeline.model(frame)

        _, counts = lax.scan(step, None, frames)
        return counts

    def total(self):
        return self.pipeline.model.vehicles_seen[...]


def camera_frames(n=5, lanes=3):
    return jnp.abs(jnp.sin(jnp.arange(n * lanes, dtype=jnp.float32))).reshape(n, lanes)


def main():
    service = CountingService(CountingPipeline(FlowCounter(3, nnx.Rngs(0))))
    counts = service.process(camera_frames())
    jax.block_until_ready((counts, service.total()))
