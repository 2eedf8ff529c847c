# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "soil" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Controller.run (template) -> IrrigationController.dose -> self.bound, a restored immutable model.bind(...) whose EMA variable is updated in the while_loop body
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
    def dose(self, moisture):
        """Litres per zone for one pulse."""

    def run(self, moisture0):
        cfg = self.config

        def keep_watering(state):
            moisture, pulses = state
            return (moisture.mean() < cfg.target_moisture) & (pulses < cfg.max_pulses)

        def pulse(state):
            moisture, pulses = state
            return jnp.clip(moisture + self.dose(moisture), 0.0, 1.0), pulses + 1

        return lax.while_loop(keep_watering, pulse, (moisture0, jnp.zeros((), jnp.int32)))


class IrrigationController(Controller):
    def __init__(self, config, model, saved):
        super().__init__(config)
        template = model.init(jax.random.key(0), jnp.zeros((config.zones, 1)))
        variables = serialization.from_state_dict(template, saved)
        self.bound = model.bind(variables)

    def dose(self, moisture):
        return self.bound(moisture[:, None])


def main():
    config = IrrigationConfig()
    model = MoistureNet()
    trained = model.init(jax.random.key(11), jnp.zeros((config.zones, 1)))
    saved = serialization.to_state_dict(trained)  # what the nightly job wrote to disk
    controller = IrrigationController(config, model, saved)
    moisture, pulses = controller.run(jnp.array([0.2, 0.35, 0.1, 0.4]))
    print("pulses", int(pulses), "moisture", moisture)
    return None
