# label: trace-context
# flax-error: TraceContextError: Cannot mutate IntegralState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 AerationPlant.simulate runs a fori_loop whose body calls self.controller, an nnx.Module that accumulates its IntegralState variable (an nnx.Variable subclass)
"""Wastewater treatment: blower control for nitrification in an aerated lane (DO + ammonia cascade)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class IntegralState(nnx.Variable):
    """Controller memory; excluded from optimisation, saved with checkpoints."""


@dataclasses.dataclass(frozen=True)
class LaneParams:
    do_setpoint: float = 1.8
    nh4_setpoint: float = 1.0
    saturation: float = 9.0
    kla_per_blower: float = 3.0
    dt: float = 0.1


class BlowerController(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, kp: float = 0.6, ki: float = 0.05):
        self.kp, self.ki = kp, ki
        self.integral = IntegralState(jnp.zeros(()))
        self.nh4_trim = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, do_error, ammonia):
        self.integral[...] = jnp.clip(self.integral[...] + do_error, -20.0, 20.0)
        trim = self.nh4_trim(jnp.stack([ammonia, do_error]))[0]
        return jax.nn.softplus(self.kp * do_error + self.ki * self.integral[...] + trim)


class AerationPlant:
    def __init__(self, params: LaneParams, controller: BlowerController):
        self.params = params
        self.controller = controller

    def simulate(self, ammonia_load, steps: int):
        p = self.params

        def body(t, state):
            oxygen, ammonia = state
            blowers = self.controller(p.do_setpoint - oxygen, ammonia)
            oxygen = oxygen + p.dt * (p.kla_per_blower * blowers * (p.saturation - oxygen) - 0.8 * ammonia)
            ammonia = jnp.maximum(ammonia + p.dt * (ammonia_load[t] - 0.4 * oxygen * ammonia), 0.0)
            return oxygen, ammonia

        return lax.fori_loop(0, steps, body, (jnp.asarray(1.0), jnp.asarray(2.5)))


def main():
    plant = AerationPlant(LaneParams(), BlowerController(nnx.Rngs(0)))
    load = 0.5 + 0.3 * jnp.sin(jnp.linspace(0.0, 6.28, 48))
    oxygen, ammonia = plant.simulate(load, 48)
    oxygen.block_until_ready()
    return None
