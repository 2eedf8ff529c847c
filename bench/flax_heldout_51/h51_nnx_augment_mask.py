# label: same-values
# flax-error: none
# class: 4 an augmentation pipeline keeps a key drawn from its nnx.Rngs stream; the scan body reaches it through the pipeline's cutout transform
"""Data augmentation around a model step: an AugmentPipeline of transforms (cutout masking) is
applied to each batch of a chunk inside a jax.lax.scan before the NNX encoder runs in eval mode.
main() returns the cutout masks (step = batch)."""
import jax
import jax.numpy as jnp
from flax import nnx


class Cutout:
    def __init__(self, keep_prob, key):
        self.keep_prob = keep_prob
        self.key = key

    def __call__(self, x):
        mask = jax.random.bernoulli(self.key, self.keep_prob, x.shape[1:])
        return x * mask, mask


class AugmentPipeline:
    def __init__(self, rngs: nnx.Rngs, keep_prob=0.8):
        self.transforms = [Cutout(keep_prob, rngs.augment())]

    def __call__(self, x):
        masks = []
        for t in self.transforms:
            x, m = t(x)
            masks.append(m)
        return x, masks[0]


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(12, 4, rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return self.bn(self.fc(x))


def encode_chunk(model, pipeline, chunk):
    model.eval()

    def body(carry, x):
        x, mask = pipeline(x)
        return carry + model(x).sum(), mask

    return jax.lax.scan(body, jnp.zeros(()), chunk)


def main():
    model = Encoder(nnx.Rngs(0))
    pipeline = AugmentPipeline(nnx.Rngs(augment=5))
    chunk = jax.random.normal(jax.random.key(1), (5, 8, 12))
    _, masks = encode_chunk(model, pipeline, chunk)
    return masks
