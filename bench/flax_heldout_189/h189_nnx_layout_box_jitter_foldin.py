# label: ok
# flax-error: none
# class: 4 the pipeline draws one key from self.augmenter.rngs before the scan; the body folds the draw index into it and hands it to the augmenter
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

    def __call__(self, boxes, key=None):
        key = self.rngs.jitter() if key is None else key
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
        base = self.augmenter.rngs.jitter()

        def draw(carry, i):
            moved = self.augmenter(boxes, key=jax.random.fold_in(base, i))
            return carry, moved

        _, previews = jax.lax.scan(draw, None, jnp.arange(draws))
        return previews


def main():
    pipeline = LayoutPipeline(seed=11)
    page = jax.random.uniform(jax.random.PRNGKey(0), (BOXES, 4))
    previews = pipeline.preview(page, draws=5)
    pipeline.detector(previews[0])
    return previews
