# label: same-values
# flax-error: none
# class: 4 the request's seed becomes a key in the handler and is passed through the estimator into the model's dropout in every while_loop step
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax import random as jrandom


class DemandNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(x)), rngs=rngs)))


@dataclass(frozen=True)
class ForecastRequest:
    store_id: str
    sku_features: jax.Array
    samples: int
    seed: int


class QuantileEstimator:
    def __init__(self, model: DemandNet):
        self.model = model

    def draws(self, features, key, n):
        def more(state):
            return state[0] < n

        def draw(state):
            i, buf = state
            return i + 1, buf.at[i].set(self.model(features, rngs=key))

        init = jnp.zeros((n, features.shape[0], 1))
        _, buf = lax.while_loop(more, draw, (0, init))
        return buf


class ForecastHandler:
    def __init__(self, estimator: QuantileEstimator):
        self.estimator = estimator

    def handle(self, request: ForecastRequest):
        key = jrandom.key(request.seed)
        return self.estimator.draws(request.sku_features, key, request.samples)


def main():
    handler = ForecastHandler(QuantileEstimator(DemandNet(3, nnx.Rngs(0))))
    features = jnp.tile(jnp.array([[1.0, 0.5, -0.2]]), (4, 1))
    return handler.handle(ForecastRequest("store-12", features, samples=6, seed=21))
