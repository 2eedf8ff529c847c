# label: same-values
# flax-error: none
# class: 1 the flicker model's own __call__ runs the scan and draws from its flicker rng stream in the scan body
"""Burner flicker simulation for the glass melting furnace: the crown temperature of each burner
port is simulated tick by tick around its setpoint, with random flame flicker."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import jax.random as jr
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class FurnaceSetup:
    ports: int = 4
    ticks: int = 6
    flicker_scale: float = 0.05
    setpoint: float = 1.52


class FlameFlicker(nn.Module):
    setup_: FurnaceSetup

    @nn.compact
    def __call__(self, setpoints):
        gain = self.param("port_gain", nn.initializers.ones, (self.setup_.ports,))

        def tick(_, target):
            flicker = jr.normal(self.make_rng("flicker"), target.shape)
            return None, target * gain + self.setup_.flicker_scale * flicker

        per_tick = jnp.broadcast_to(setpoints, (self.setup_.ticks,) + setpoints.shape)
        _, crown = lax.scan(tick, None, per_tick)
        return crown


def simulate_crown(setup_: FurnaceSetup, seed: int):
    model = FlameFlicker(setup_)
    setpoints = jnp.full((setup_.ports,), setup_.setpoint)
    init_key, flicker_key, run_key = jr.split(jr.key(seed), 3)
    variables = model.init({"params": init_key, "flicker": flicker_key}, setpoints)
    return model.apply(variables, setpoints, rngs={"flicker": run_key})


def main():
    return simulate_crown(FurnaceSetup(), seed=8)
