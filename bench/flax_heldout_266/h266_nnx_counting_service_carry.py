# label: ok
# flax-error: none
# class: 4 the scan body of CountingService.process merges self.pipeline.model from its state threaded through the carry; the final state is written back into the model after the loop
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
        graphdef, state = nnx.split(self.pipeline.model)

        def step(state, frame):
            model = nnx.merge(graphdef, state)
            counts = model(frame)
            return nnx.state(model), counts

        state, counts = lax.scan(step, state, frames)
        nnx.update(self.pipeline.model, state)
        return counts

    def total(self):
        return self.pipeline.model.vehicles_seen[...]


def camera_frames(n=5, lanes=3):
    return jnp.abs(jnp.sin(jnp.arange(n * lanes, dtype=jnp.float32))).reshape(n, lanes)


def main():
    service = CountingService(CountingPipeline(FlowCounter(3, nnx.Rngs(0))))
    counts = service.process(camera_frames())
    jax.block_until_ready((counts, service.total()))
