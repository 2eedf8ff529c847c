# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 HopModelPool.get(version) builds the model through a registered factory on first use and caches it in a dict keyed by version; the first use is inside the while_loop body, so the cached module holds loop tracers used again after the loop
"""Brewery quality control, hop side: a pool of bitterness (IBU) models keyed
by model version; the boil simulator asks the pool for the current version."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class BitternessModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.utilisation = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, boil_state):
        return nnx.sigmoid(self.utilisation(boil_state))[..., 0]


FACTORIES = {
    "v3": lambda: BitternessModel(4, rngs=nnx.Rngs(3)),
    "v4": lambda: BitternessModel(4, rngs=nnx.Rngs(4)),
}


class HopModelPool:
    def __init__(self, factories):
        self.factories = factories
        self.cache: dict[str, nnx.Module] = {}

    def get(self, version):
        if version not in self.cache:
            self.cache[version] = self.factories[version]()
        return self.cache[version]


class BoilSimulator:
    def __init__(self, pool, version, minutes=60, step=10):
        self.pool = pool
        self.version = version
        self.steps = minutes // step

    def simulate(self, boil_state):
        def cond(carry):
            return carry[0] < self.steps

        def body(carry):
            i, ibu = carry
            ibu = ibu + 5.0 * self.pool.get(self.version)(boil_state)
            return i + 1, ibu

        _, ibu = while_loop(cond, body, (0, jnp.zeros(boil_state.shape[0])))
        return ibu

    def final_check(self, boil_state):
        return self.pool.get(self.version)(boil_state).mean()


def main():
    boil_state = jax.random.uniform(jax.random.key(6), (3, 4))
    sim = BoilSimulator(HopModelPool(FACTORIES), "v4")
    sim.simulate(boil_state)
    sim.final_check(boil_state)
    return None
