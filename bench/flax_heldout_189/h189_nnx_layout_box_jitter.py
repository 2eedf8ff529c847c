# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body reaches the nnx.Rngs "jitter" stream through self.augmenter.rngs and draws a key from it on every step
"""Document layout analysis: the annotation QA tool previews how the box-jitter augmentation
moves the labelled regions of one page over several draws before a training run."""
import jax
import jax.numpy as jnp
from flax import nnx

BOXES = 8


class BoxJitter(nnx.Module):
    def __init__(self, scale: float, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def __call__(self, boxes):
        key = self.rngs.jitter()
        delta = self.scale * jax.random.normal(key, boxes.shape)
        return jnp.clip(boxes + delta, 0.0, 1.0)


class RegionDetector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.head = nnx.Linear(4, 5, rngs=rngs)

    def __call__(self, boxes):
        return self.head(boxes)


class LayoutPipeline:
    def __init__(self, seed):
        self.augmenter = BoxJitter(0.02, nnx.Rngs(jitter=seed))
        self.detector = RegionDetector(nnx.Rngs(seed + 1))

    def preview(self, boxes, draws):
        def draw(carry, _):
            moved = self.augmenter(boxes)
            return carry, moved

        _, previews = jax.lax.scan(draw, None, None, length=draws)
        return previews


def main():
    pipeline = LayoutPipeline(seed=11)
    page = jax.random.uniform(jax.random.PRNGKey(0), (BOXES, 4))
    previews = pipeline.preview(page, draws=5)
    pipeline.detector(previews[0])
    return previews
