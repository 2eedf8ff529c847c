# label: ok
# flax-error: none
# class: 4 Controller.run (template) -> IrrigationController.dose -> apply on restored params; the EMA collection rides in the while_loop state
"""Greenhouse irrigation: a controller restored from a saved state dict doses water until soil is moist."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import serialization

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class IrrigationConfig:
    zones: int = 4
    target_moisture: float = 0.6
    max_pulses: int = 20


class MoistureNet(nn.Module):
    @nn.compact
    def __call__(self, soil):
        ema = self.variable("ema", "soil", jnp.zeros, soil.shape)
        ema.value = 0.7 * ema.value + 0.3 * soil
        return nn.softplus(nn.Dense(1)(ema.value - soil)).squeeze(-1) * 0.05


class Controller(abc.ABC):
    def __init__(self, config):
        self.config = config

    @abc.abstractmethod
    def dose(self, moisture, aux):
        """Litres per zone for one pulse, and the controller's updated auxiliary state."""

    @abc.abstractmethod
    def initial_aux(self):
        """The auxiliary state the loop starts from."""

    def run(self, moisture0):
        cfg = self.config

        def keep_watering(state):
            moisture, pulses, _ = state
            return (moisture.mean() < cfg.target_moisture) & (pulses < cfg.max_pulses)

        def pulse(state):
            moisture, pulses, aux = state
            litres, aux = self.dose(moisture, aux)
            return jnp.clip(moisture + litres, 0.0, 1.0), pulses + 1, aux

        init = (moisture0, jnp.zeros((), jnp.int32), self.initial_aux())
        moisture, pulses, _ = lax.while_loop(keep_watering, pulse, init)
        return moisture, pulses


class IrrigationController(Controller):
    def __init__(self, config, model, saved):
        super().__init__(config)
        template = model.init(jax.random.key(0), jnp.zeros((config.zones, 1)))
        self.variables = serialization.from_state_dict(template, saved)
        self.model = model

    def initial_aux(self):
        return self.variables["ema"]

    def dose(self, moisture, ema):
        litres, updates = self.model.apply(
            {"params": self.variables["params"], "ema": ema}, moisture[:, None], mutable=["ema"]
        )
        return litres, updates["ema"]


def main():
    config = IrrigationConfig()
    model = MoistureNet()
    trained = model.init(jax.random.key(11), jnp.zeros((config.zones, 1)))
    saved = serialization.to_state_dict(trained)  # what the nightly job wrote to disk
    controller = IrrigationController(config, model, saved)
    moisture, pulses = controller.run(jnp.array([0.2, 0.35, 0.1, 0.4]))
    print("pulses", int(pulses), "moisture", moisture)
    return None
