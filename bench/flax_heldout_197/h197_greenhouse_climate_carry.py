# label: ok
# flax-error: none
# class: 4 the params kept by a ZoneController inside a Greenhouse's zone table reach the while_loop body through the zone, and the "integrator" collection travels in the loop state through model.apply(..., mutable=["integrator"])
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
        self.model = model
        self.params = variables["params"]
        self.integrator = variables["integrator"]


class Greenhouse:
    def __init__(self, cfg: ClimateConfig):
        self.cfg = cfg
        self.zones = {}

    def add_zone(self, name, controller):
        self.zones[name] = controller

    def settle(self, name, temperature):
        cfg = self.cfg
        zone = self.zones[name]

        def not_settled(state):
            i, temp, _ = state
            return (i < cfg.max_iters) & (jnp.abs(cfg.target - temp) > cfg.tolerance)

        def iterate(state):
            i, temp, integrator = state
            heat, updated = zone.model.apply(
                {"params": zone.params, "integrator": integrator}, cfg.target - temp, mutable=["integrator"])
            return i + 1, temp + 0.5 * heat - 0.02 * (temp - 12.0), updated["integrator"]

        iters, temp, zone.integrator = lax.while_loop(not_settled, iterate, (0, temperature, zone.integrator))
        return iters, temp


def main():
    cfg = ClimateConfig()
    model = HeatingPolicy()
    variables = model.init(jax.random.key(0), jnp.zeros(()))
    house = Greenhouse(cfg)
    house.add_zone("tomatoes-north", ZoneController(model, variables))
    iters, temp = house.settle("tomatoes-north", jnp.asarray(15.0))
    jax.block_until_ready(temp)
    return None
