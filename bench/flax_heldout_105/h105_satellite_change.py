# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped temporal block, made in setup() by a wrapper helper, is first called inside the raw scan body during init
"""Satellite imagery change detection over a time series of tile embeddings.

Long revisit series are memory bound, so the temporal block is rematerialized; the wrapper
helper lets the config switch remat on and off for every block of the detector.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


def maybe_remat(module_cls, enabled: bool):
    return nn.remat(module_cls) if enabled else module_cls


class TemporalBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, state, tile):
        gate = nn.sigmoid(nn.Dense(self.width)(jnp.concatenate([state, tile])))
        cand = jnp.tanh(nn.Dense(self.width)(tile))
        return gate * state + (1.0 - gate) * cand


class ChangeDetector(nn.Module):
    width: int = 16
    use_remat: bool = True

    def setup(self):
        self.block = maybe_remat(TemporalBlock, self.use_remat)(self.width)
        self.head = nn.Dense(1)

    def __call__(self, tiles):
        def visit(state, tile):
            new_state = self.block(state, tile)
            return new_state, jnp.linalg.norm(new_state - state)

        state, deltas = jax.lax.scan(visit, jnp.zeros((self.width,)), tiles)
        return nn.sigmoid(self.head(state))[0], deltas


def main():
    tiles = jax.random.normal(jax.random.key(0), (7, 16))
    detector = ChangeDetector()
    variables = detector.init(jax.random.key(1), tiles)
    detector.apply(variables, tiles)
    return None
