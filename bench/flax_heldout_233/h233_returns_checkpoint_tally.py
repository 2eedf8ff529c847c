# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "books_seen" in "/" because collection "tally" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_overnight_pass() wraps a functools.partial of model.apply in jax.checkpoint; the fori_loop body calls that wrapper
"""Library book returns: overnight pass that estimates late fees for the drop-box backlog."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class LateFeeEstimator(nn.Module):
    branches: int = 3

    @nn.compact
    def __call__(self, backlog):
        fee = nn.relu(nn.Dense(self.branches, name="fee_rate")(backlog))
        tally = self.variable("tally", "books_seen", lambda: jnp.zeros((), jnp.int32))
        tally.value = tally.value + backlog.shape[0]
        return fee.sum(axis=0)


@dataclass
class BranchLedger:
    names: tuple[str, ...]
    fees: jnp.ndarray | None = None

    def post(self, fees):
        self.fees = fees
        return dict(zip(self.names, fees))


def make_overnight_pass(model: nn.Module, variables):
    estimate = jax.checkpoint(functools.partial(model.apply, variables))

    def sweep(night, fees, backlog):
        return fees + estimate(backlog) * (night + 1)

    return sweep


def main():
    backlog = jnp.ones((6, 4)) * jnp.array([3.0, 0.0, 1.0, 12.0])
    model = LateFeeEstimator()
    variables = model.init(jax.random.key(21), backlog)
    sweep = make_overnight_pass(model, variables)
    fees = jax.lax.fori_loop(
        0, 5, lambda night, acc: sweep(night, acc, backlog), jnp.zeros((model.branches,))
    )
    ledger = BranchLedger(("main", "eastside", "harbor"))
    ledger.post(fees)
    jax.block_until_ready(ledger.fees)
    return None
