# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a stage object holds an NNX image model still in train mode (BatchNorm, Dropout) and calls it inside a raw lax.scan over the upload queue
"""Content-moderation pipeline: the image stage loads the freshly fine-tuned NNX model from the
training job and sweeps the upload queue in fixed-size batches."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ImageSafetyNet(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        h = self.drop(nnx.relu(self.norm(self.proj(x))))
        return jax.nn.sigmoid(self.head(h))[..., 0]


@dataclasses.dataclass
class StageSettings:
    block_threshold: float = 0.9


class ImageStage:
    def __init__(self, model, settings: StageSettings):
        self.model = model
        self.settings = settings

    def sweep(self, queue):
        def moderate(blocked, batch):
            scores = self.model(batch)
            return blocked + (scores > self.settings.block_threshold).sum(), None

        blocked, _ = lax.scan(moderate, jnp.zeros((), jnp.int32), queue)
        return blocked


def load_finetuned():
    model = ImageSafetyNet(20, rngs=nnx.Rngs(0))
    model.train()
    return model


def main():
    stage = ImageStage(load_finetuned(), StageSettings())
    queue = jax.random.normal(jax.random.key(9), (5, 8, 20))
    jax.block_until_ready(stage.sweep(queue))
    return None
