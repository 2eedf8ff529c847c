# label: ok
# flax-error: none
# class: 5 the scan body calls settle, which the @audited class decorator wraps; the call count travels in the scan carry and is returned, not written to 'audit'
"""Escrow settlement replayer.

Compliance requires that every call into the settlement scorer is counted.
The @audited class decorator wraps the listed scoring methods so that each
call is tallied; the replay threads the tally through its loop. The nightly job
replays the day's transactions through the scorer with a scan.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


def audited(*method_names):
    """Class decorator: each listed method takes the running call count first and
    returns it incremented alongside its result."""
    def decorate(cls):
        for name in method_names:
            original = getattr(cls, name)

            @functools.wraps(original)
            def wrapper(self, calls, *args, _original=original, **kwargs):
                return calls + 1, _original(self, *args, **kwargs)

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
        def step(carry, tx):
            exposure, calls = carry
            calls, risk = self.settle(calls, tx)
            return (exposure + risk, calls), risk
        (exposure, calls), risks = jax.lax.scan(step, (jnp.zeros(()), self.calls.value), transactions)
        return (exposure, calls), risks


class NightlyReplay:
    def __init__(self, config: LedgerConfig):
        self.scorer = SettlementScorer(config)
        probe = jnp.zeros((config.features,))
        self.variables = self.scorer.init(
            jax.random.key(2), jnp.zeros((), jnp.int32), probe, method=SettlementScorer.settle)

    def run(self, transactions):
        (exposure, calls), risks = self.scorer.apply(
            self.variables, transactions, method=SettlementScorer.replay)
        return exposure, jnp.max(risks), calls


def main():
    job = NightlyReplay(LedgerConfig())
    job.run(jax.random.uniform(jax.random.key(1), (7, 5)))
    return None
