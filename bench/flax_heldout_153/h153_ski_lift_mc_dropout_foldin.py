# label: ok
# flax-error: none
# class: 2 the local mc_key in forecast_with_uncertainty goes into the fori_loop body, folded with the sample index before model.apply
"""Ski-lift queue forecasting with Monte-Carlo dropout: the same morning snapshot is pushed
through the network several times with dropout on, and the samples give the forecast spread."""
import jax
from jax import numpy as jnp
from flax import linen as nn


class QueueForecaster(nn.Module):
    n_lifts: int = 5
    hidden: int = 24
    rate: float = 0.3

    @nn.compact
    def __call__(self, snapshot, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden, name='encode')(snapshot))
        h = nn.Dropout(self.rate, name='mc_dropout')(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(self.n_lifts, name='queue_len')(h))


def forecast_with_uncertainty(model, variables, snapshot, n_samples, key):
    mc_key = jax.random.fold_in(key, 11)

    def draw(i, samples):
        queue = model.apply(variables, snapshot, deterministic=False,
                            rngs={'dropout': jax.random.fold_in(mc_key, i)})
        return samples.at[i].set(queue)

    samples = jnp.zeros((n_samples, model.n_lifts))
    return jax.lax.fori_loop(0, n_samples, draw, samples)


def main():
    model = QueueForecaster()
    snapshot = jnp.array([3.0, 1.0, 0.5, 2.0, 4.0, 0.0, 1.0, 2.5])
    variables = model.init(jax.random.key(0), snapshot)
    samples = forecast_with_uncertainty(model, variables, snapshot, 8, jax.random.key(42))
    return samples
