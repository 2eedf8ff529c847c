# label: ok
# flax-error: none
# class: 4 functools.partial(model.apply, ...) on a WaxSession held by a WaxAdvisor service; the session folds the scan step into its dropout key
"""Ski wax selection service: Monte Carlo dropout over one snow forecast to rank glide waxes."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class WaxConfig:
    n_waxes: int = 5
    hidden: int = 16
    dropout: float = 0.3
    mc_samples: int = 6


class GlideScorer(nn.Module):
    cfg: WaxConfig

    @nn.compact
    def __call__(self, snow, deterministic: bool):
        h = nn.relu(nn.Dense(self.cfg.hidden)(snow))
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return nn.Dense(self.cfg.n_waxes)(h)


class WaxSession:
    """One loaded checkpoint, ready to score forecasts with dropout kept on."""

    def __init__(self, model, variables, dropout_key):
        self._apply = functools.partial(model.apply, variables, deterministic=False)
        self._dropout_key = dropout_key

    def score(self, forecast, sample_index):
        key = jax.random.fold_in(self._dropout_key, sample_index)
        return self._apply(forecast, rngs={"dropout": key})


class WaxAdvisor:
    def __init__(self, cfg: WaxConfig, seed: int = 0):
        self.cfg = cfg
        model = GlideScorer(cfg)
        init_key, dropout_key = jax.random.split(jax.random.key(seed))
        variables = model.init(init_key, jnp.zeros((4,)), deterministic=True)
        self.session = WaxSession(model, variables, dropout_key)

    def sample_rankings(self, forecast):
        def body(carry, sample_index):
            logits = self.session.score(forecast, sample_index)
            return carry, jax.nn.softmax(logits)

        _, probs = lax.scan(body, None, jnp.arange(self.cfg.mc_samples))
        return probs


def main():
    advisor = WaxAdvisor(WaxConfig())
    # air temperature, humidity, snow age in days, crystal size
    forecast = jnp.array([-6.0, 0.4, 0.8, 12.0])
    return advisor.sample_rankings(forecast)
