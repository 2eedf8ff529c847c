# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an @register decorator registry holds nnx.jit step functions; the scan body looks one up and passes it the outer spread model
"""Wildfire spread service: advance a fire-front intensity grid with registered, jitted model steps."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

STEP_REGISTRY = {}


def register(name):
    def decorator(fn):
        STEP_REGISTRY[name] = nnx.jit(fn)
        return fn

    return decorator


class SpreadModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.kernel = nnx.Conv(3, 1, kernel_size=(3, 3), rngs=rngs)

    def __call__(self, intensity, wind, fuel):
        stacked = jnp.stack([intensity, wind, fuel], axis=-1)[None]
        return jax.nn.sigmoid(self.kernel(stacked))[0, ..., 0]


@register("euler")
def euler_step(model, intensity, wind, fuel):
    return jnp.clip(intensity + 0.5 * model(intensity, wind, fuel) * fuel, 0.0, 1.0)


class SpreadSimulator:
    def __init__(self, model: SpreadModel, integrator: str = "euler"):
        self.model = model
        self.integrator = integrator

    def run(self, ignition, wind_by_hour, fuel):
        step = STEP_REGISTRY[self.integrator]

        def body(intensity, wind):
            intensity = step(self.model, intensity, wind, fuel)
            return intensity, (intensity > 0.5).sum()

        return jax.lax.scan(body, ignition, wind_by_hour)


def main():
    grid = 12
    ignition = jnp.zeros((grid, grid)).at[6, 6].set(1.0)
    wind = jax.random.normal(jax.random.key(0), (5, grid, grid)) * 0.3
    fuel = jax.random.uniform(jax.random.key(1), (grid, grid))
    simulator = SpreadSimulator(SpreadModel(nnx.Rngs(2)))
    final, burning = simulator.run(ignition, wind, fuel)
    jax.block_until_ready(burning)
    return None
