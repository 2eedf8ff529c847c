# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a model bound to its variables is a local of score_baskets and is called directly in the fori_loop body
"""Basket-size scoring over a day of transactions with a batch-normalised scorer."""

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BasketScorer(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, baskets, training: bool = False):
        h = nn.Dense(self.hidden)(baskets)
        h = nn.BatchNorm(use_running_average=not training, momentum=0.8)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


def score_baskets(model, variables, day, training=True):
    bound = model.bind(variables)
    n_hours = day.shape[0]

    def hour(i, totals):
        return totals.at[i].set(bound(day[i], training=training).sum())

    return lax.fori_loop(0, n_hours, hour, jnp.zeros(n_hours))


def transactions(n_hours=4, n_baskets=3, n_features=5):
    grid = jnp.arange(n_hours * n_baskets * n_features, dtype=jnp.float32)
    return jnp.tanh(0.1 * grid).reshape(n_hours, n_baskets, n_features)


def main():
    day = transactions()
    model = BasketScorer()
    variables = model.init(jax.random.key(0), day[0])
    totals = score_baskets(model, variables, day)
    jax.block_until_ready(totals)
    return None
