# label: ok
# flax-error: none
# class: 5 BuildingSimulator.settle calls a step function built by make_zone_step (factory around nn.remat(ThermalNet) and apply, inference mode) in the lax.while_loop body
"""HVAC supervisory control: settling zone temperatures.

A learned thermal model predicts the next zone temperatures from the current ones
and the supply-air setpoint. The simulator iterates it until the zones settle. The
thermal model is wrapped in nn.remat because the production version is deep; the
step function is built in inference mode, reading the stored BatchNorm statistics.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class PlantConfig:
    n_zones: int = 6
    supply_setpoint: float = 16.0
    tolerance: float = 1e-3
    max_iters: int = 40


class ThermalNet(nn.Module):
    n_zones: int

    @nn.compact
    def __call__(self, temps, train: bool = False):
        h = nn.Dense(16)(temps[None])
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return temps + 0.1 * nn.tanh(nn.Dense(self.n_zones)(h))[0]


RematThermalNet = nn.remat(ThermalNet, static_argnums=(2,))


def make_zone_step(module, variables, cfg, train):
    def step(temps):
        drift = module.apply(variables, temps, train)
        return 0.7 * drift + 0.3 * cfg.supply_setpoint

    return step


class BuildingSimulator:
    def __init__(self, step_fn, cfg):
        self.step_fn = step_fn
        self.cfg = cfg

    def settle(self, temps):
        def cond(state):
            i, _, delta = state
            return (i < self.cfg.max_iters) & (delta > self.cfg.tolerance)

        def body(state):
            i, temps, _ = state
            new = self.step_fn(temps)
            return i + 1, new, jnp.max(jnp.abs(new - temps))

        return lax.while_loop(cond, body, (0, temps, jnp.inf))


def main():
    cfg = PlantConfig()
    module = RematThermalNet(cfg.n_zones)
    temps = 20.0 + jax.random.normal(jax.random.PRNGKey(1), (cfg.n_zones,))
    variables = module.init(jax.random.PRNGKey(0), temps, False)
    sim = BuildingSimulator(make_zone_step(module, variables, cfg, train=False), cfg)
    iters, settled, delta = sim.settle(temps)
    jax.block_until_ready(settled)
    return None
