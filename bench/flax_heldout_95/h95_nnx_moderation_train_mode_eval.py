# label: ok
# flax-error: none
# class: 3 the stage object puts its NNX image model in eval mode (BatchNorm, Dropout read-only) before calling it inside a raw lax.scan over the upload queue
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
        self.model.eval()
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
