# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the fori_loop body differentiates OnlineTariffTuner.model and updates OnlineTariffTuner.optimizer, attributes of the tuner
"""Demand-response: online tuning of a price-elasticity model on the latest settlement intervals."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class ElasticityModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.response = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.response(nnx.softplus(self.hidden(x)))[..., 0]


def interval_loss(model, prices, load_change):
    return jnp.mean((model(prices) - load_change) ** 2)


class OnlineTariffTuner:
    def __init__(self, model: ElasticityModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def tune(self, prices, load_change, n_updates):
        n_batches = prices.shape[0]

        def update(i, running):
            b = i % n_batches
            loss, grads = nnx.value_and_grad(interval_loss)(self.model, prices[b], load_change[b])
            self.optimizer.update(self.model, grads)
            return 0.9 * running + 0.1 * loss

        return fori_loop(0, n_updates, update, jnp.float32(0.0))


def settlement_batches(key, n_batches=3, batch=16):
    k1, k2 = jax.random.split(key)
    prices = jax.random.uniform(k1, (n_batches, batch, 4), minval=0.05, maxval=0.6)
    load_change = -1.8 * prices[..., 0] + 0.05 * jax.random.normal(k2, (n_batches, batch))
    return prices, load_change


def main():
    prices, load_change = settlement_batches(jax.random.key(8))
    tuner = OnlineTariffTuner(ElasticityModel(4, nnx.Rngs(0)), learning_rate=1e-2)
    jax.block_until_ready(tuner.tune(prices, load_change, n_updates=6))
    jax.block_until_ready(tuner.model(prices[0]))
    return None
