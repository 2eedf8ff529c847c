# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the soil cell is built through the rematerialise() factory as nn.remat(SoilMoistureCell) and first called inside the lax.scan body of IrrigationPlanner, so init creates its params under the scan trace
"""Season-long irrigation planning for vineyard blocks, with rematerialised soil cells."""
from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class BlockLayout:
    blocks: int = 5
    weather_features: int = 3
    days: int = 10


class SoilMoistureCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, moisture, weather):
        gate = nn.sigmoid(nn.Dense(self.features, name="uptake")(weather))
        recharge = nn.Dense(self.features, name="recharge")(moisture)
        return moisture * gate + jnp.tanh(recharge) * (1.0 - gate)


def rematerialise(cell_cls: type[nn.Module], **kwargs: Any) -> nn.Module:
    """Long seasons blow up activation memory; recompute the cell on the backward pass."""
    return nn.remat(cell_cls)(**kwargs)


class IrrigationPlanner(nn.Module):
    layout: BlockLayout

    @nn.compact
    def __call__(self, weather_seq):
        cell = rematerialise(SoilMoistureCell, features=self.layout.blocks, name="soil")

        def day(moisture, weather):
            moisture = cell(moisture, weather)
            deficit = jnp.clip(0.6 - moisture, 0.0, None)
            return moisture, deficit.sum()

        moisture0 = jnp.full((self.layout.blocks,), 0.4)
        _, water = lax.scan(day, moisture0, weather_seq)
        return water


def plan_season(layout: BlockLayout, weather_seq, seed: int = 0):
    planner = IrrigationPlanner(layout)
    variables = planner.init(jax.random.key(seed), weather_seq)
    return planner.apply(variables, weather_seq)


def main():
    layout = BlockLayout()
    weather = jax.random.uniform(jax.random.key(3), (layout.days, layout.weather_features))
    litres = plan_season(layout, weather)
    print("total water", float(litres.sum()))
    return None
