# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "audit" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body calls settle, which the @audited class decorator wraps to bump the module's 'audit' counter
"""Escrow settlement replayer.

Compliance requires that every call into the settlement scorer is counted.
The @audited class decorator wraps the listed scoring methods so that each
call bumps a counter kept in the module's 'audit' collection. The nightly job
replays the day's transactions through the scorer with a scan.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


def audited(*method_names):
    """Class decorator: each listed method increments self.calls before running."""
    def decorate(cls):
        for name in method_names:
            original = getattr(cls, name)

            @functools.wraps(original)
            def wrapper(self, *args, _original=original, **kwargs):
                self.calls.value = self.calls.value + 1
                return _original(self, *args, **kwargs)

            setattr(cls, name, wrapper)
        return cls
    return decorate


@dataclass(frozen=True)
class LedgerConfig:
    features: int = 5
    hidden: int = 8


@audited("settle")
class SettlementScorer(nn.Module):
    config: LedgerConfig

    def setup(self):
        self.body = nn.Dense(self.config.hidden)
        self.risk = nn.Dense(1)
        self.calls = self.variable("audit", "calls", lambda: jnp.zeros((), jnp.int32))

    def settle(self, tx):
        return jax.nn.sigmoid(self.risk(jax.nn.relu(self.body(tx))))[0]

    def replay(self, transactions):
        def step(exposure, tx):
            risk = self.settle(tx)
            return exposure + risk, risk
        return jax.lax.scan(step, jnp.zeros(()), transactions)


class NightlyReplay:
    def __init__(self, config: LedgerConfig):
        self.scorer = SettlementScorer(config)
        probe = jnp.zeros((config.features,))
        self.variables = self.scorer.init(jax.random.key(2), probe, method=SettlementScorer.settle)

    def run(self, transactions):
        exposure, risks = self.scorer.apply(self.variables, transactions, method=SettlementScorer.replay)
        return exposure, jnp.max(risks)


def main():
    job = NightlyReplay(LedgerConfig())
    job.run(jax.random.uniform(jax.random.key(1), (7, 5)))
    return None
