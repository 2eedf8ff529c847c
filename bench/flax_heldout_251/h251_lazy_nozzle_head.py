# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the nozzle head comes from the build_head factory registered by name and is first called inside the scan body over resurfacing passes
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax

HEADS: Dict[str, Callable[["NozzleSpec"], linen.Module]] = {}


def register_head(name):
    def wrap(factory):
        HEADS[name] = factory
        return factory
    return wrap


@dataclasses.dataclass(frozen=True)
class NozzleSpec:
    kind: str = "wide"
    jets: int = 4
    spray_width: int = 6


@register_head("wide")
def build_wide_head(spec: NozzleSpec) -> linen.Module:
    return linen.Sequential([linen.Dense(spec.spray_width), linen.gelu, linen.Dense(spec.jets)])


@register_head("edge")
def build_edge_head(spec: NozzleSpec) -> linen.Module:
    return linen.Sequential([linen.Dense(spec.jets), linen.sigmoid])


def build_head(spec: NozzleSpec) -> linen.Module:
    return HEADS[spec.kind](spec)


class ResurfacingPlan(linen.Module):
    spec: NozzleSpec

    @linen.compact
    def __call__(self, ice_profile, passes):
        head = build_head(self.spec)

        def one_pass(surface, lane):
            flow = head(surface + lane)
            water = jnp.tanh(flow).mean()
            return surface * (1.0 - 0.1 * water), water

        final_surface, water_per_pass = lax.scan(one_pass, ice_profile, passes)
        return final_surface, water_per_pass


class RinkScheduler:
    def __init__(self, spec: NozzleSpec, n_passes: int = 4, width: int = 5):
        self.plan = ResurfacingPlan(spec)
        self.n_passes = n_passes
        self.width = width

    def lanes(self):
        return jnp.linspace(0.0, 1.0, self.n_passes * self.width).reshape(self.n_passes, self.width)

    def prepare(self, key):
        profile = jnp.ones((self.width,))
        return self.plan.init(key, profile, self.lanes())

    def resurface(self, variables, profile):
        return self.plan.apply(variables, profile, self.lanes())


def main():
    scheduler = RinkScheduler(NozzleSpec())
    variables = scheduler.prepare(jax.random.key(0))
    surface, water = scheduler.resurface(variables, jnp.full((scheduler.width,), 0.8))
    jax.block_until_ready((surface, water))
    return None
