# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 build_melt_step() returns a step function that lazily initialises the model into a shared _LazyVariables holder inside the fori_loop body
"""Glacier melt gauges: a step-function builder assembles the melt-rate update used by the
hourly assimilation loop; the model variables are created on first use."""
import dataclasses
from typing import Any, Optional

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class GaugeConfig:
    gauges: int = 5
    hours: int = 4
    relax: float = 0.3


class MeltRateModel(nn.Module):
    gauges: int

    @nn.compact
    def __call__(self, level):
        h = nn.tanh(nn.Dense(8, name="hidden")(level))
        return nn.Dense(self.gauges, name="rate")(h)


@dataclasses.dataclass
class _LazyVariables:
    rng: Any
    value: Optional[Any] = None

    def get(self, model, example):
        if self.value is None:
            self.value = model.init(self.rng, example)
        return self.value


def build_melt_step(model, config, rng):
    holder = _LazyVariables(rng)

    def melt_step(hour, level):
        variables = holder.get(model, level)
        rate = model.apply(variables, level)
        return level + config.relax * rate

    return melt_step, holder


class Assimilator:
    def __init__(self, model, config, rng):
        self.model = model
        self.config = config
        self.step, self.variables = build_melt_step(model, config, rng)

    def run(self, level):
        return fori_loop(0, self.config.hours, self.step, level)

    def forecast(self, level):
        return self.model.apply(self.variables.value, level)


def main():
    cfg = GaugeConfig()
    model = MeltRateModel(gauges=cfg.gauges)
    assimilator = Assimilator(model, cfg, jax.random.key(0))
    level = jnp.linspace(0.0, 1.0, cfg.gauges)
    level = assimilator.run(level)
    print(level, assimilator.forecast(level))
    return None
