# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the blender module's own macerate method runs fori_loop and writes its blend_log variables inside the body
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class MacerationPlan:
    days: int = 4
    evaporation: float = 0.05


class AccordBlender(nn.Module):
    n_notes: int = 4
    plan: MacerationPlan = MacerationPlan()

    def setup(self):
        self.mix = nn.Dense(self.n_notes)
        self.intensity = self.variable("blend_log", "intensity", jnp.zeros, (self.n_notes,))
        self.days_logged = self.variable("blend_log", "days", jnp.zeros, (), jnp.int32)

    def __call__(self, ratios):
        return nn.softmax(self.mix(ratios))

    def macerate(self, ratios):
        keep = 1.0 - self.plan.evaporation

        def one_day(day, blend):
            blend = keep * nn.softmax(self.mix(blend))
            self.intensity.value = self.intensity.value + blend.mean(axis=0)
            self.days_logged.value = self.days_logged.value + 1
            return blend

        return fori_loop(0, self.plan.days, one_day, ratios)


class BlendLab:
    def __init__(self, seed: int = 8):
        self.blender = AccordBlender()
        starter = jnp.full((1, 4), 0.25)
        self.variables = self.blender.init(jax.random.PRNGKey(seed), starter)

    def age(self, ratios):
        blend, log = self.blender.apply(
            self.variables, ratios, method=AccordBlender.macerate, mutable=["blend_log"]
        )
        self.variables = {**self.variables, **log}
        return blend

    def intensity_report(self):
        log = self.variables["blend_log"]
        return log["intensity"] / jnp.maximum(log["days"], 1)


def main():
    lab = BlendLab()
    ratios = jnp.array([[0.4, 0.3, 0.2, 0.1], [0.1, 0.2, 0.3, 0.4]])
    blend = lab.age(ratios)
    report = lab.intensity_report()
    jax.block_until_ready((blend, report))
    return None
