# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX energy forecaster with nnx.BatchNorm is put in train mode and called from the body of a raw jax.lax.fori_loop over sliding windows
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LoadForecaster(nnx.Module):
    def __init__(self, window, horizon, *, rngs):
        self.inp = nnx.Linear(window, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, momentum=0.95, rngs=rngs)
        self.out = nnx.Linear(32, horizon, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.bn(self.inp(x))))


def rolling_error(model, series, window=12, horizon=4, batch=8):
    n_windows = (series.shape[-1] - window - horizon) // 2
    model.train()

    def body(i, err):
        start = 2 * i
        x = jax.lax.dynamic_slice_in_dim(series, start, window, axis=-1)
        y = jax.lax.dynamic_slice_in_dim(series, start + window, horizon, axis=-1)
        return err + jnp.mean((model(x) - y) ** 2)

    return jax.lax.fori_loop(0, n_windows, body, jnp.zeros(()))


def main():
    series = jnp.sin(jnp.linspace(0, 12, 8 * 48)).reshape(8, 48)
    model = LoadForecaster(12, 4, rngs=nnx.Rngs(0))
    rolling_error(model, series)
    return None
