# label: trace-context
# flax-error: TraceContextError: Cannot mutate FiringLog from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 GloryHole.fire_to runs the while_loop itself and bumps its own FiringLog variables in the body
"""Glory-hole reheating: fire the hole up to working temperature and keep a firing log."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class FiringLog(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class FiringRecord:
    reached_c: jax.Array | None = None
    bursts: jax.Array | None = None
    energy_kwh: jax.Array | None = None


class GloryHole(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, burner_kw: float = 45.0):
        self.response = nnx.Linear(2, 1, rngs=rngs)
        self.burner_kw = burner_kw
        self.bursts = FiringLog(jnp.zeros((), jnp.int32))
        self.energy_kwh = FiringLog(jnp.zeros(()))

    def rise(self, temp_c):
        x = jnp.stack([temp_c / 1000.0, jnp.asarray(self.burner_kw / 100.0)])
        return 25.0 + 10.0 * nnx.sigmoid(self.response(x)[0])

    def fire_to(self, target_c, start_c=400.0):
        def cold(state):
            temp, tick = state
            return (temp < target_c) & (tick < 100)

        def burst(state):
            temp, tick = state
            self.bursts[...] += 1
            self.energy_kwh[...] += self.burner_kw / 60.0
            return temp + self.rise(temp), tick + 1

        temp, _ = while_loop(cold, burst, (jnp.asarray(start_c), jnp.zeros((), jnp.int32)))
        return temp


class ReheatStation:
    def __init__(self):
        self.hole = GloryHole(nnx.Rngs(3))

    def reheat(self, target_c: float) -> FiringRecord:
        record = FiringRecord()
        reached = self.hole.fire_to(jnp.asarray(target_c))
        record = dataclasses.replace(record, reached_c=reached)
        return dataclasses.replace(record, bursts=self.hole.bursts[...], energy_kwh=self.hole.energy_kwh[...])


def main():
    record = ReheatStation().reheat(1100.0)
    jax.block_until_ready((record.reached_c, record.bursts, record.energy_kwh))
    return None
