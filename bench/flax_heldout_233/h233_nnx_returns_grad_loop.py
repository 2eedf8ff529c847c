# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 6 (24 B)
# class: 2 fit()'s local model and optimizer are differentiated and updated directly inside the scan body
"""Library book returns: fits an overdue-risk scorer on the week's checkout records."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class OverdueScorer(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 6, rngs=rngs)
        self.logit = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, records):
        return self.logit(nnx.tanh(self.hidden(records))).squeeze(-1)


@dataclass(frozen=True)
class CheckoutBatch:
    records: jnp.ndarray
    overdue: jnp.ndarray


def weekly_batches(days: int = 5, patrons: int = 6, features: int = 4) -> CheckoutBatch:
    records = jnp.tile(jnp.linspace(-1.0, 1.0, features), (days, patrons, 1))
    overdue = jnp.tile((jnp.arange(patrons) % 2).astype(jnp.float32), (days, 1))
    return CheckoutBatch(records, overdue)


def bce(model: OverdueScorer, records, overdue):
    return optax.sigmoid_binary_cross_entropy(model(records), overdue).mean()


def fit(model: OverdueScorer, batches: CheckoutBatch, learning_rate: float = 0.05):
    optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def day(carry, batch):
        records, overdue = batch
        loss, grads = nnx.value_and_grad(bce)(model, records, overdue)
        optimizer.update(model, grads)
        return carry + loss, loss

    total, losses = scan(day, jnp.zeros(()), (batches.records, batches.overdue))
    return total, losses


def main():
    model = OverdueScorer(4, nnx.Rngs(31))
    total, losses = fit(model, weekly_batches())
    jax.block_until_ready((total, losses))
    return None
