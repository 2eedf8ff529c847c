# label: ok
# flax-error: none
# class: 4 the OccupancyEvaluator's model (evaluator.model.encoder) runs in the scan body; the embeddings leave the loop as scan outputs and each callback in evaluator.callbacks receives them after the loop
"""Parking-garage occupancy: evaluates a per-level occupancy model over a day of sensor frames.

Callbacks get every step's embedding; the archive callback stacks them for the drift report.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class OccupancyModel(nnx.Module):
    def __init__(self, sensors: int, levels: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(sensors, 12, rngs=rngs)
        self.head = nnx.Linear(12, levels, rngs=rngs)

    def embed(self, frame):
        return nnx.relu(self.encoder(frame))

    def __call__(self, frame):
        return nnx.sigmoid(self.head(self.embed(frame)))


class Callback:
    def on_step(self, step_embedding):
        pass

    def on_end(self):
        return None


class EmbeddingArchive(Callback):
    def __init__(self):
        self.frames = []

    def on_step(self, step_embedding):
        self.frames.append(step_embedding)

    def on_end(self):
        stacked = jnp.stack(self.frames)
        return {"mean": jnp.mean(stacked, axis=0), "drift": jnp.std(stacked, axis=0)}


class OccupancyEvaluator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def run(self, frames):
        def step(total, frame):
            embedding = self.model.embed(frame)
            return total + self.model.head(embedding), embedding

        total, embeddings = lax.scan(step, jnp.zeros(self.model.head.out_features), frames)
        for embedding in embeddings:
            for callback in self.callbacks:
                callback.on_step(embedding)
        return total, [callback.on_end() for callback in self.callbacks]


def main():
    frames = jax.random.uniform(jax.random.key(6), (24, 10))
    evaluator = OccupancyEvaluator(OccupancyModel(10, 4, rngs=nnx.Rngs(0)), [EmbeddingArchive()])
    total, reports = evaluator.run(frames)
    jax.block_until_ready((total, reports))
    return None
