# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the forecast stage reaches the snow-quality model through its context's model set; the fori_loop body stores each forecast on the small state container that the allocation stage reads next
"""Ski resort snowmaking planner.

A night is planned in stages that hand a small state container to each other: the forecast
stage predicts snow quality per hour from wet-bulb temperatures, the allocation stage then
spreads the snow guns over the hours with the best predicted quality.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class SnowQualityModel(nnx.Module):
    def __init__(self, rngs):
        self.head = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.sigmoid(self.head(weather))[0]


@dataclasses.dataclass
class ModelSet:
    snow: SnowQualityModel


@dataclasses.dataclass
class PlannerContext:
    models: ModelSet
    guns: int = 12


@dataclasses.dataclass
class StageState:
    hours: int
    quality: jax.Array | None = None
    last_forecast: jax.Array | None = None


class ForecastStage:
    def __init__(self, ctx):
        self.ctx = ctx

    def __call__(self, state, weather):
        def body(hour, quality):
            forecast = self.ctx.models.snow(weather[hour])
            state.last_forecast = forecast
            return quality.at[hour].set(forecast)

        state.quality = lax.fori_loop(0, state.hours, body, jnp.zeros((state.hours,)))
        return state


class AllocationStage:
    def __init__(self, ctx):
        self.ctx = ctx

    def __call__(self, state):
        share = state.quality / state.quality.sum()
        closing_hour_guns = jnp.round(state.last_forecast * self.ctx.guns)
        return jnp.round(share * self.ctx.guns * state.hours), closing_hour_guns


def main():
    ctx = PlannerContext(ModelSet(SnowQualityModel(nnx.Rngs(0))))
    weather = jax.random.normal(jax.random.key(1), (10, 3))
    state = ForecastStage(ctx)(StageState(hours=10), weather)
    guns = AllocationStage(ctx)(state)
    jax.block_until_ready(guns)
    return None
