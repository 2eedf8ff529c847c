# label: same-values
# flax-error: none
# class: 4 a masking stage whose epoch key is drawn from its nnx.Rngs when a PipelineBuilder freezes it, the frozen stage run in a fori_loop body
"""Data pipeline: a builder freezes NNX stages into plain functions and fills a buffer of feature masks."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class MaskStage(nnx.Module):
    def __init__(self, keep, *, rngs: nnx.Rngs):
        self.keep = keep
        self.rngs = rngs

    def apply_with_key(self, x, *, key):
        return jax.random.bernoulli(key, self.keep, x.shape).astype(x.dtype)

    def freeze(self):
        return functools.partial(self.apply_with_key, key=self.rngs.mask())


class PipelineBuilder:
    def __init__(self):
        self.stages = {}

    def with_stage(self, name, stage):
        self.stages[name] = stage
        return self

    def build(self):
        frozen = [stage.freeze() for stage in self.stages.values()]

        def run(x):
            for fn in frozen:
                x = fn(x)
            return x
        return run


def fill_masks(pipeline, width, n_steps):
    buf = jnp.zeros((n_steps, width))

    def body(i, buf):
        return buf.at[i].set(pipeline(jnp.ones((width,))))

    return jax.lax.fori_loop(0, n_steps, body, buf)


def main():
    pipeline = PipelineBuilder().with_stage("feature_mask", MaskStage(0.6, rngs=nnx.Rngs(mask=5))).build()
    return fill_masks(pipeline, width=12, n_steps=5)
