# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'GRUForecaster' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the autoregressive scan in forecast() reaches _remember(), which assigns the hidden state to an attribute of the forecaster, via _step()
"""Multi-step probabilistic load forecasting with a GRU: the model encodes a history
window, then rolls out autoregressively; the last hidden state is kept on the model so
that a later call can continue the forecast."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    n_series: int = 3
    hidden: int = 24
    history: int = 12
    horizon: int = 6


class GRUForecaster(nnx.Module):
    def __init__(self, cfg: ForecastConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.cell = nnx.GRUCell(cfg.n_series, cfg.hidden, rngs=rngs)
        self.mu = nnx.Linear(cfg.hidden, cfg.n_series, rngs=rngs)
        self.log_sigma = nnx.Linear(cfg.hidden, cfg.n_series, rngs=rngs)
        self.context = jnp.zeros((1, cfg.hidden))

    def _remember(self, h):
        self.context = h

    def _step(self, h, y_prev):
        h, _ = self.cell(h, y_prev)
        self._remember(h)
        return h, self.mu(h), jnp.exp(self.log_sigma(h))

    def encode(self, window):
        h = jnp.zeros((window.shape[0], self.cfg.hidden))
        for t in range(window.shape[1]):
            h, _ = self.cell(h, window[:, t])
        return h

    def forecast(self, window):
        h0 = self.encode(window)

        def body(carry, _):
            h, y = carry
            h, mu, sigma = self._step(h, y)
            return (h, mu), (mu, sigma)

        _, (mus, sigmas) = jax.lax.scan(body, (h0, window[:, -1]), None, length=self.cfg.horizon)
        return mus.swapaxes(0, 1), sigmas.swapaxes(0, 1)


def gaussian_nll(mu, sigma, y):
    return jnp.mean(jnp.log(sigma) + 0.5 * ((y - mu) / sigma) ** 2)


def main():
    cfg = ForecastConfig()
    model = GRUForecaster(cfg, nnx.Rngs(0))
    t = jnp.arange(cfg.history + cfg.horizon, dtype=jnp.float32)
    series = jnp.stack([jnp.sin(t / 3 + k) for k in range(cfg.n_series)], axis=-1)[None]
    series = jnp.repeat(series, 4, axis=0)
    mu, sigma = model.forecast(series[:, : cfg.history])
    loss = gaussian_nll(mu, sigma, series[:, cfg.history :])
    return None
