# label: trace-context
# flax-error: TraceContextError: Cannot mutate TurnTally from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RindModel's TurnTally Variable subclass bumped on each call, reached through Cave.adapter.inner from the scan body
"""Cheese cave affinage simulator.

The cave controller speaks in climate records; an adapter maps them onto the rind-growth model,
which also tallies how many wheel turns it has been asked to simulate."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TurnTally(nnx.Variable):
    """Number of simulated wheel turns; kept out of the optimiser's Param filter."""


class RindModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.climate = nnx.Linear(3, 8, rngs=rngs)
        self.growth = nnx.Linear(8, 1, rngs=rngs)
        self.turns = TurnTally(jnp.zeros((), jnp.int32))

    def __call__(self, climate):
        self.turns[...] = self.turns[...] + 1
        return nnx.softplus(self.growth(nnx.gelu(self.climate(climate)))).squeeze(-1)


class CaveAdapter:
    def __init__(self, inner: RindModel):
        self.inner = inner

    def __call__(self, record):
        climate = jnp.stack([record["temp"] / 12.0, record["humidity"] / 100.0, record["airflow"]])
        return self.inner(climate)


class Cave:
    def __init__(self, adapter: CaveAdapter):
        self.adapter = adapter

    def age_wheel(self, climate_log):
        def body(rind, record):
            rind = rind + self.adapter(record)
            return rind, rind

        final, history = scan(body, jnp.float32(0.0), climate_log)
        return final, history


def main():
    cave = Cave(CaveAdapter(RindModel(nnx.Rngs(0))))
    days = 14
    climate_log = {
        "temp": 11.0 + jax.random.normal(jax.random.key(1), (days,)),
        "humidity": jnp.full((days,), 92.0),
        "airflow": jnp.linspace(0.1, 0.3, days),
    }
    jax.block_until_ready(cave.age_wheel(climate_log))
    return None
