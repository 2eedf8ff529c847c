# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat()/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 nn.remat(LampDegradation) wrapper built by make_lamp_model from a frozen ServiceBook config; fori_loop body applies it in train mode without mutable
"""Lighthouse lamp maintenance: forecast lumen loss night by night from the keeper's log."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ServiceBook:
    hidden: int = 8
    train: bool = True
    nights: int = 4


class LampDegradation(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, log, train: bool):
        h = nn.Dense(self.hidden)(log)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


def make_lamp_model(book: ServiceBook):
    checkpointed = nn.remat(LampDegradation, static_argnums=(2,))
    return checkpointed(hidden=book.hidden)


def forecast_lumens(book: ServiceBook, model, variables, keeper_log):
    def body(night, lumens):
        loss = model.apply(variables, keeper_log[night], book.train)
        return lumens * (1.0 - 0.01 * jax.nn.sigmoid(loss.mean()))

    return lax.fori_loop(0, book.nights, body, jnp.asarray(1000.0))


def main():
    book = ServiceBook()
    model = make_lamp_model(book)
    keeper_log = jax.random.normal(jax.random.key(5), (book.nights, 6, 4))  # nights x lamps x readings
    variables = model.init(jax.random.key(0), keeper_log[0], False)
    forecast_lumens(book, model, variables, keeper_log)
