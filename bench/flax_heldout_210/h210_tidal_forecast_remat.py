# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 TidalForecaster wraps its HarmonicCell in nn.remat and calls the wrapped cell in a raw jax.lax.scan, so init creates the cell's params inside the scan body
"""Tidal energy forecasting: roll a rematerialised harmonic cell over a tide-gauge series."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class HarmonicCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, state, reading):
        mix = nn.Dense(self.features, name="mix")(jnp.concatenate([state, reading]))
        return jnp.tanh(mix)


def checkpointed(cls):
    """Project-wide policy: every recurrent cell is rematerialised to save memory."""
    return nn.remat(cls, prevent_cse=False)


class TidalForecaster(nn.Module):
    features: int = 8
    horizon: int = 4

    @nn.compact
    def __call__(self, gauge):
        cell = checkpointed(HarmonicCell)(self.features, name="cell")

        def tick(state, reading):
            state = cell(state, reading)
            return state, state

        init = jnp.zeros((self.features,))
        final, _ = jax.lax.scan(tick, init, gauge)
        return nn.Dense(self.horizon, name="power_head")(final)


def main():
    hours = jnp.arange(48.0)
    gauge = jnp.stack([jnp.sin(2 * jnp.pi * hours / 12.42), jnp.cos(2 * jnp.pi * hours / 12.42)], axis=-1)
    model = TidalForecaster()
    variables = model.init(jax.random.key(5), gauge)
    forecast = functools.partial(model.apply, variables)
    forecast(gauge)
    return None
