# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local thermal model, left in training mode, goes directly into the while_loop body, where its BatchNorm updates its batch statistics
"""Building HVAC: plan per-zone heating power until the mean zone temperature reaches the setpoint."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

N_ZONES = 6


class ThermalModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(3, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return 0.1 * self.out(nnx.relu(self.bn(self.inp(x))))[..., 0]


def load_thermal_model(seed: int = 0) -> ThermalModel:
    return ThermalModel(nnx.Rngs(seed))


def plan_heating(setpoint: float, zone_temp, outdoor, max_iter: int = 25):
    model = load_thermal_model()

    def cond(state):
        temp, power, it = state
        return (jnp.mean(temp) < setpoint) & (it < max_iter)

    def body(state):
        temp, power, it = state
        x = jnp.stack([temp / 30.0, outdoor / 30.0, power], axis=-1)
        temp = temp + model(x) + 0.5 * power
        power = jnp.clip(power + 0.05 * (setpoint - temp), 0.0, 1.0)
        return temp, power, it + 1

    init = (zone_temp, jnp.full((N_ZONES,), 0.5), 0)
    temp, power, iters = lax.while_loop(cond, body, init)
    return power


def main():
    zone_temp = jnp.linspace(15.0, 19.0, N_ZONES)
    outdoor = jnp.full((N_ZONES,), 2.0)
    plan_heating(21.0, zone_temp, outdoor)
    return None
