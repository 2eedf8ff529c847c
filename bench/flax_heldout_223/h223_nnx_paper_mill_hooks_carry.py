# label: ok
# flax-error: none
# class: 5 the while_loop body calls mill.step, a functools.partial of a registered step function that merges the dryer model from the carried state; hooks see the model merged from the final state after the loop
"""Paper mill: web moisture through the dryer section, cylinder by cylinder, with pluggable hooks."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from flax import nnx

STEP_REGISTRY: dict = {}


def register(name: str):
    def decorate(fn):
        STEP_REGISTRY[name] = fn
        return fn

    return decorate


class CylinderPasses(nnx.Variable):
    pass


class DryerSection(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.evaporation = nnx.Linear(3, 1, rngs=rngs)
        self.passes = CylinderPasses(jnp.zeros((), jnp.int32))

    def __call__(self, web):
        self.passes[...] = self.passes[...] + 1
        return web[0] - 0.05 * nnx.sigmoid(self.evaporation(web)).squeeze(-1)


@register("dryer")
def dryer_step(graphdef, state, web):
    section = nnx.merge(graphdef, state)
    moisture = section(web)
    return moisture, nnx.state(section)


class LatestSectionHook:
    def __init__(self):
        self.section = None

    def on_cylinder(self, section):
        self.section = section


class PaperMill:
    def __init__(self, seed: int = 0):
        self.graphdef, self.state = nnx.split(DryerSection(nnx.Rngs(seed)))
        self.hooks = [LatestSectionHook()]
        self.step = functools.partial(STEP_REGISTRY["dryer"], self.graphdef)

    def dry(self, web, target: float = 0.08):
        def wet(carry):
            moisture, _, _ = carry
            return moisture > target

        def cylinder(carry):
            moisture, rest, state = carry
            moisture, state = self.step(state, jnp.concatenate([moisture[None], rest]))
            return moisture, rest, state

        moisture, _, self.state = jax.lax.while_loop(wet, cylinder, (web[0], web[1:], self.state))
        section = nnx.merge(self.graphdef, self.state)
        for hook in self.hooks:
            hook.on_cylinder(section)
        return moisture

    def passes_used(self):
        return self.hooks[0].section.passes[...] + 0


def main():
    mill = PaperMill()
    mill.dry(jnp.array([0.45, 1.2, 0.8]))
    jax.block_until_ready(mill.passes_used())
    return None
