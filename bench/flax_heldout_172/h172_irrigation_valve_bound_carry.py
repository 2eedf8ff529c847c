# label: ok
# flax-error: none
# class: 4 a MoisturePredictor helper owned by ValveController holds model and variables; the scan body applies with mutable=["soil"], the EMA travels in the carry and is written back after the loop
"""Smart irrigation valves: plans a day of valve openings from hourly soil-probe readings. The
predictor keeps an exponential moving average of moisture in a 'soil' collection."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class ValveConfig:
    n_probes: int = 4
    ema_decay: float = 0.8
    max_opening: float = 1.0


class MoistureModel(nn.Module):
    cfg: ValveConfig

    @nn.compact
    def __call__(self, reading):
        ema = self.variable("soil", "ema", jnp.zeros, (self.cfg.n_probes,))
        ema.value = self.cfg.ema_decay * ema.value + (1.0 - self.cfg.ema_decay) * reading
        demand = nn.Dense(1)(jnp.concatenate([reading, ema.value]))[0]
        return self.cfg.max_opening * nn.sigmoid(demand)


class MoisturePredictor:
    """Keeps the model and its variables; the soil state is passed in and out explicitly."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def opening(self, soil, reading):
        out, updates = self.model.apply({"params": self.variables["params"], "soil": soil},
                                        reading, mutable=["soil"])
        return out, updates["soil"]

    def soil_state(self):
        return self.variables["soil"]

    def commit(self, soil):
        self.variables = {"params": self.variables["params"], "soil": soil}


class ValveController:
    def __init__(self, cfg: ValveConfig):
        model = MoistureModel(cfg)
        variables = model.init(jax.random.key(0), jnp.zeros((cfg.n_probes,)))
        self.predictor = MoisturePredictor(model, variables)
        self.saved = None

    def plan_day(self, readings):
        def hour(carry, reading):
            water, soil = carry
            opening, soil = self.predictor.opening(soil, reading)
            return (water + opening, soil), opening

        (total, soil), openings = lax.scan(hour, (jnp.zeros(()), self.predictor.soil_state()), readings)
        self.predictor.commit(soil)
        return total, openings

    def checkpoint(self):
        soil = self.predictor.soil_state()
        self.saved = jax.tree.map(lambda a: jnp.asarray(a) * 1.0, soil)


def main():
    controller = ValveController(ValveConfig())
    readings = jnp.abs(jnp.cos(jnp.arange(24 * 4, dtype=jnp.float32))).reshape(24, 4)
    total, openings = controller.plan_day(readings)
    controller.checkpoint()
    print("litres", total, "saved", controller.saved)
    return None
