# label: ok
# flax-error: none
# class: 5 make_forecast_step(model) wraps the step in jax.checkpoint around a ClippedForecaster decorator of the LoadForecaster (nnx.Dropout with its own Rngs, switched off by model.eval() before the step is built); the scan body calls it
"""Power grid load forecasting: hour-by-hour substation load rollout, with the
step rematerialized by jax.checkpoint for long horizons and the forecaster
wrapped in a clipping decorator that enforces the feeder limits."""
import jax
import jax.numpy as jnp
from flax import nnx


class LoadForecaster(nnx.Module):
    def __init__(self, n_feeders, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_feeders + 1, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(32, n_feeders, rngs=rngs)

    def __call__(self, load, hour):
        x = jnp.concatenate([load, jnp.sin(hour * jnp.pi / 12.0)[None]])
        return self.out(self.drop(nnx.gelu(self.hidden(x))))


class ClippedForecaster:
    """Decorator: same interface as the forecaster, clipped to the feeder ratings."""

    def __init__(self, inner, rating):
        self.inner, self.rating = inner, rating

    def __call__(self, load, hour):
        return jnp.clip(self.inner(load, hour), 0.0, self.rating)


def make_forecast_step(model, rating):
    forecaster = ClippedForecaster(model, rating)

    @jax.checkpoint
    def step(load, hour):
        nxt = forecaster(load, hour)
        return nxt, nxt

    return step


def main():
    model = LoadForecaster(3, nnx.Rngs(params=0, dropout=1))
    model.eval()
    step = make_forecast_step(model, rating=5.0)
    load0 = jnp.array([1.2, 0.8, 2.1])
    _, loads = jax.lax.scan(step, load0, jnp.arange(24.0))
    return loads
