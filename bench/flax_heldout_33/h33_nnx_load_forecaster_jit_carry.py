# label: ok
# flax-error: none
# class: 3 AutoregressiveForecaster.forecast() splits the stored model and carries its state through the scan; the body merges it and passes the merged model to the stored nnx.jit-compiled predict_next() function
"""Day-ahead electricity load forecasting with an N-BEATS-style MLP.

The model maps a window of past hourly loads plus calendar features to the
next hour; forecasting is autoregressive over the horizon, feeding each
prediction back into the window.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class LoadConfig:
    window: int = 12
    calendar_dim: int = 4
    hidden: int = 32
    n_blocks: int = 2
    horizon: int = 6


class NBeatsBlock(nnx.Module):
    def __init__(self, in_dim, hidden, window, *, rngs):
        self.fc1 = nnx.Linear(in_dim, hidden, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.backcast = nnx.Linear(hidden, window, rngs=rngs)
        self.forecast = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.fc2(nnx.relu(self.fc1(x))))
        return self.backcast(h), self.forecast(h)[..., 0]


class LoadModel(nnx.Module):
    def __init__(self, cfg: LoadConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.norm = nnx.LayerNorm(cfg.window, rngs=rngs)
        self.blocks = nnx.List([NBeatsBlock(cfg.window + cfg.calendar_dim, cfg.hidden, cfg.window, rngs=rngs)
                                for _ in range(cfg.n_blocks)])

    def __call__(self, window, calendar):
        scale = jnp.mean(jnp.abs(window), -1, keepdims=True) + 1e-3
        residual = window / scale
        y = jnp.zeros(window.shape[:-1])
        for block in self.blocks:
            back, fore = block(jnp.concatenate([self.norm(residual), calendar], -1))
            residual = residual - back
            y = y + fore
        return y * scale[..., 0]


@nnx.jit
def predict_next(model, window, calendar):
    return model(window, calendar)


class AutoregressiveForecaster:
    def __init__(self, model: LoadModel, predict_fn=predict_next):
        self.model = model
        self.predict_fn = predict_fn

    def forecast(self, history, calendars):
        graphdef, state = nnx.split(self.model)

        def body(carry, calendar):
            window, state = carry
            model = nnx.merge(graphdef, state)
            y = self.predict_fn(model, window, calendar)
            window = jnp.concatenate([window[:, 1:], y[:, None]], axis=1)
            return (window, nnx.state(model)), y

        _, ys = scan(body, (history, state), calendars)
        return ys.T


def synthetic_load(batch, length):
    t = jnp.arange(length)
    daily = 1.0 + 0.3 * jnp.sin(2 * jnp.pi * t / 24.0)
    return daily[None, :] * (1.0 + 0.1 * jnp.arange(batch)[:, None])


def main():
    cfg = LoadConfig()
    model = LoadModel(cfg, rngs=nnx.Rngs(0))
    history = synthetic_load(3, cfg.window)
    hours = jnp.arange(cfg.window, cfg.window + cfg.horizon)
    calendars = jnp.stack([jnp.sin(hours / 24 * 2 * jnp.pi), jnp.cos(hours / 24 * 2 * jnp.pi),
                           (hours % 7) / 7.0, jnp.zeros_like(hours, jnp.float32)], -1)
    calendars = jnp.broadcast_to(calendars[:, None, :], (cfg.horizon, 3, cfg.calendar_dim))
    forecaster = AutoregressiveForecaster(model)
    ys = forecaster.forecast(history, calendars)
    ys.block_until_ready()
    return None
