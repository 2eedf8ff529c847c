# label: ok
# flax-error: none
# class: 4 partial(model.apply, variables) kept on a DropoutSampler held by the ForecastService; the scan body folds the step into the sampler key
"""Crop yield forecaster: Monte Carlo dropout draws for a set of fields, as a
county-level forecasting service would compute an uncertainty band."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    n_features: int = 6
    hidden: int = 16
    dropout_rate: float = 0.3
    n_draws: int = 5
    seed: int = 11


class YieldHead(nn.Module):
    hidden: int
    dropout_rate: float

    @nn.compact
    def __call__(self, field, deterministic=True):
        h = nn.relu(nn.Dense(self.hidden)(field))
        h = nn.Dropout(self.dropout_rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


class DropoutSampler:
    """Keeps a ready-to-call stochastic forward pass."""

    def __init__(self, model, variables, key):
        self.key = key
        self.draw = functools.partial(
            model.apply, variables, deterministic=False)


class ForecastService:
    def __init__(self, cfg: ForecastConfig):
        self.cfg = cfg
        self.model = YieldHead(cfg.hidden, cfg.dropout_rate)
        dummy = jnp.zeros((1, cfg.n_features))
        self.variables = self.model.init(jax.random.key(cfg.seed), dummy)
        self.sampler = DropoutSampler(self.model, self.variables, jax.random.key(cfg.seed + 1))

    def uncertainty_band(self, fields):
        def body(total, step):
            step_key = jax.random.fold_in(self.sampler.key, step)
            pred = self.sampler.draw(fields, rngs={"dropout": step_key})
            return total + pred, pred

        steps = jnp.arange(self.cfg.n_draws)
        total, draws = lax.scan(body, jnp.zeros(fields.shape[0]), steps)
        return total / self.cfg.n_draws, draws


def main():
    cfg = ForecastConfig()
    service = ForecastService(cfg)
    fields = jnp.linspace(0.0, 1.0, 3 * cfg.n_features).reshape(3, cfg.n_features)
    _, draws = service.uncertainty_band(fields)
    return draws
