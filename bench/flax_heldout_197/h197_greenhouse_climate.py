# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "sum" in "/" because collection "integrator" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(variables) kept by a ZoneController inside a Greenhouse's zone table is called in the while_loop body (greenhouse -> zone -> bound policy) and updates its "integrator" collection
"""Greenhouse climate control: each zone controller settles the heating setpoint by iterating
its learned PI policy until the simulated air temperature is within tolerance."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class ClimateConfig:
    target: float = 21.0
    tolerance: float = 0.05
    max_iters: int = 50


class HeatingPolicy(nn.Module):
    @nn.compact
    def __call__(self, error):
        integral = self.variable("integrator", "sum", lambda: jnp.zeros(()))
        gains = self.param("gains", nn.initializers.constant(0.3), (2,))
        integral.value = integral.value + error
        return gains[0] * error + 0.1 * gains[1] * integral.value


class ZoneController:
    def __init__(self, model, variables):
        self.policy = model.bind(variables)


class Greenhouse:
    def __init__(self, cfg: ClimateConfig):
        self.cfg = cfg
        self.zones = {}

    def add_zone(self, name, controller):
        self.zones[name] = controller

    def settle(self, name, temperature):
        cfg = self.cfg

        def not_settled(state):
            i, temp = state
            return (i < cfg.max_iters) & (jnp.abs(cfg.target - temp) > cfg.tolerance)

        def iterate(state):
            i, temp = state
            heat = self.zones[name].policy(cfg.target - temp)
            return i + 1, temp + 0.5 * heat - 0.02 * (temp - 12.0)

        return lax.while_loop(not_settled, iterate, (0, temperature))


def main():
    cfg = ClimateConfig()
    model = HeatingPolicy()
    variables = model.init(jax.random.key(0), jnp.zeros(()))
    house = Greenhouse(cfg)
    house.add_zone("tomatoes-north", ZoneController(model, variables))
    iters, temp = house.settle("tomatoes-north", jnp.asarray(15.0))
    jax.block_until_ready(temp)
    return None
