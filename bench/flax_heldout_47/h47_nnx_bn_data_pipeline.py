# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the FeatureStage holds an NNX encoder with BatchNorm left in train mode; Pipeline.run calls it inside the fori_loop body
"""Preprocessing pipeline that encodes raw sensor windows with an NNX encoder in a fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Encoder(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.proj = nnx.Linear(din, dout, rngs=rngs)
        self.norm = nnx.BatchNorm(dout, momentum=0.95, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.norm(self.proj(x)))


class FeatureStage:
    def __init__(self, encoder):
        self.encoder = encoder

    def __call__(self, window):
        return self.encoder(window)


class Pipeline:
    def __init__(self, stages, out_dim):
        self.stages, self.out_dim = stages, out_dim

    def run(self, windows):
        n, b = windows.shape[:2]

        def body(i, buf):
            x = windows[i]
            for stage in self.stages:
                x = stage(x)
            return buf.at[i].set(x)

        return lax.fori_loop(0, n, body, jnp.zeros((n, b, self.out_dim)))


def main():
    encoder = Encoder(5, 4, nnx.Rngs(0))
    windows = jax.random.normal(jax.random.key(1), (3, 8, 5))
    Pipeline([FeatureStage(encoder)], out_dim=4).run(windows).block_until_ready()
    return None
