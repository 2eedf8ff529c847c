# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 model.bind(variables, mutable=["soil"]) held by a MoisturePredictor helper owned by ValveController; the scan body calls the bound module, which writes its EMA variable
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
    """Keeps a bound model so callers can use it like a function."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["soil"])

    def opening(self, reading):
        return self.bound(reading)

    def soil_state(self):
        return self.bound.variables["soil"]


class ValveController:
    def __init__(self, cfg: ValveConfig):
        model = MoistureModel(cfg)
        variables = model.init(jax.random.key(0), jnp.zeros((cfg.n_probes,)))
        self.predictor = MoisturePredictor(model, variables)
        self.saved = None

    def plan_day(self, readings):
        def hour(water, reading):
            opening = self.predictor.opening(reading)
            return water + opening, opening

        total, openings = lax.scan(hour, jnp.zeros(()), readings)
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
