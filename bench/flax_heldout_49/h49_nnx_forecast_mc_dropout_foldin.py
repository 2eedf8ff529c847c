# label: ok
# flax-error: none
# class: 4 a ForecastConfig dataclass carries the dropout seed; the raw scan body builds nnx.Rngs from the seed key folded with the sample index and passes it to the model in train mode
"""Time-series toolkit: Monte-Carlo dropout prediction intervals for an NNX forecaster."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class ForecastConfig:
    lookback: int = 12
    horizon: int = 3
    num_samples: int = 10
    dropout_seed: int = 42


class Forecaster(nnx.Module):
    def __init__(self, cfg, rngs):
        self.enc = nnx.Linear(cfg.lookback, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.dec = nnx.Linear(32, cfg.horizon, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.dec(self.drop(nnx.relu(self.enc(x)), rngs=rngs))


class IntervalPredictor:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg

    def samples(self, window):
        self.model.train()
        base = jax.random.key(self.cfg.dropout_seed)

        def body(carry, i):
            rngs = nnx.Rngs(dropout=jax.random.fold_in(base, i))
            return carry, self.model(window, rngs=rngs)

        _, ys = lax.scan(body, None, jnp.arange(self.cfg.num_samples))
        self.model.eval()
        return ys


def main():
    cfg = ForecastConfig()
    model = Forecaster(cfg, nnx.Rngs(0))
    window = jnp.cos(jnp.arange(24.0)).reshape(2, 12)
    return IntervalPredictor(model, cfg).samples(window)
