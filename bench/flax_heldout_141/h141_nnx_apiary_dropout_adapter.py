# label: same-values
# flax-error: none
# class: 4 a HiveForecastAdapter wraps an nnx module; the fori_loop body works on nnx.clone(self.module) so the wrapped module is left untouched, and the clone starts from the same dropout stream at every sample
"""Apiary hive-weight forecasting: an adapter exposes an nnx forecaster to the beekeeping
dashboard and draws Monte-Carlo dropout samples of tomorrow's weight change for each hive.
Returns the samples (sample x hive)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HiveForecaster(nnx.Module):
    def __init__(self, n_in: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_in, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.hidden(x))))[..., 0]


class HiveForecastAdapter:
    """What the dashboard talks to; keeps the module and hides the NNX plumbing."""

    def __init__(self, module: nnx.Module, n_samples: int = 6):
        self.module = module
        self.n_samples = n_samples

    def sample(self, hives):
        def draw(i, buf):
            module = nnx.clone(self.module)  # leave the dashboard's module untouched
            return buf.at[i].set(module(hives))

        buf = jnp.zeros((self.n_samples, hives.shape[0]))
        return jax.lax.fori_loop(0, self.n_samples, draw, buf)


def main():
    hives = jax.random.normal(jax.random.key(0), (5, 7))  # hives x (temp, humidity, flight count, ...)
    adapter = HiveForecastAdapter(HiveForecaster(7, nnx.Rngs(params=0, dropout=1)))
    return adapter.sample(hives)
