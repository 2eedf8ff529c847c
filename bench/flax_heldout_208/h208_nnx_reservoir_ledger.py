# label: trace-context
# flax-error: TraceContextError: Cannot mutate ReleaseLedger from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a custom nnx.Variable subclass held as bank.ledger of the ReservoirBank passed to plan_releases, written in the scan body
"""Hydro reservoir operations: daily release decisions with an audited release ledger."""
import jax
import jax.numpy as jnp
from flax import nnx


class ReleaseLedger(nnx.Variable):
    """Cumulative released volume per turbine, audited by the dam-safety office."""


class ReservoirBank(nnx.Module):
    def __init__(self, turbines: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(turbines + 1, turbines, rngs=rngs)
        self.ledger = ReleaseLedger(jnp.zeros(turbines))

    def decide(self, inflow, level):
        return nnx.sigmoid(self.policy(jnp.append(inflow, level)))


def plan_releases(bank: ReservoirBank, inflows, start_level=0.6):
    def day(level, inflow):
        release = bank.decide(inflow, level)
        bank.ledger[...] = bank.ledger[...] + release
        level = jnp.clip(level + 0.01 * inflow.sum() - 0.02 * release.sum(), 0.0, 1.0)
        return level, level

    return jax.lax.scan(day, jnp.float32(start_level), inflows)


def main():
    bank = ReservoirBank(3, nnx.Rngs(0))
    inflows = jax.random.gamma(jax.random.key(1), 3.0, (14, 3))
    plan_releases(bank, inflows)
