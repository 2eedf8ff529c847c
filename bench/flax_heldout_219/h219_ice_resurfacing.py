# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped SmoothingPass submodule, created in ResurfacingPlan.__call__, is called inside the raw scan body of that method
"""Ice rink resurfacing: every pass of the resurfacing machine smooths the roughness profile
of the rink lanes; the smoothing block is rematerialised to save memory on long plans."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SmoothingPass(nn.Module):
    lanes: int = 8

    @nn.compact
    def __call__(self, roughness, water):
        x = jnp.concatenate([roughness, water[None]])
        return roughness * nn.sigmoid(nn.Dense(self.lanes, name="blade")(x))


class ResurfacingPlan(nn.Module):
    lanes: int = 8

    @nn.compact
    def __call__(self, roughness, water_per_pass):
        smoother = nn.remat(SmoothingPass)(self.lanes, name="smoother")

        def one_pass(r, water):
            r = smoother(r, water)
            return r, r.mean()

        final, means = lax.scan(one_pass, roughness, water_per_pass)
        return final, means


class RinkService:
    def __init__(self, seed=0):
        self.plan = ResurfacingPlan()
        self.seed = seed

    def prepare(self, roughness, water):
        self.variables = self.plan.init(jax.random.key(self.seed), roughness, water)

    def resurface(self, roughness, water):
        return self.plan.apply(self.variables, roughness, water)


def main():
    roughness = jax.random.uniform(jax.random.key(4), (8,))
    water = jnp.linspace(0.2, 0.6, 5)
    service = RinkService()
    service.prepare(roughness, water)
    service.resurface(roughness, water)
    return None
