# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the schedule module's compact __call__ runs scan; its Dense layers are declared inline and first called inside the body
"""Brewhouse hop-addition scheduler.

Given the wort profile, the scheduler rolls the boil forward minute block by
minute block and predicts the bitterness contributed by each hop addition.
The layers are declared inline (compact style) and are first touched inside
the boil loop.
"""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class BoilPlan:
    blocks: int = 6
    additions: tuple = field(default=("bittering", "flavour", "aroma"))
    width: int = 5


class HopScheduler(nn.Module):
    plan: BoilPlan

    @nn.compact
    def __call__(self, wort):
        plan = self.plan
        isomerize = nn.Dense(plan.width, name="isomerize")
        per_addition = nn.Dense(len(plan.additions), name="per_addition")

        def boil(state, minute_block):
            state = jnp.tanh(isomerize(state) + 0.01 * minute_block)
            return state, per_addition(state)

        final, ibu = jax.lax.scan(boil, wort, jnp.arange(plan.blocks, dtype=jnp.float32))
        return final, ibu.sum(axis=0)


class BrewhouseService:
    def __init__(self, plan: BoilPlan):
        self.plan = plan
        self.model = HopScheduler(plan)
        self.variables = self.model.init(jax.random.key(11), jnp.ones((plan.width,)))

    def schedule(self, wort):
        _, ibu = self.model.apply(self.variables, wort)
        return dict(zip(self.plan.additions, ibu.tolist()))


def main():
    service = BrewhouseService(BoilPlan())
    service.schedule(jnp.linspace(0.0, 1.0, 5))
    return None
