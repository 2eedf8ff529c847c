# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a registry builds its NNX model lazily on first lookup, which happens inside the fori_loop body; the cached model is used after the loop
"""Model registry for a logistics service: heuristics are built lazily from registered factories."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class EtaHeuristic(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.l2(nnx.relu(self.l1(x))))[..., 0]


class Registry:
    def __init__(self):
        self._factories = {}
        self._instances = {}

    def register(self, name, factory):
        self._factories[name] = factory

    def get(self, name):
        if name not in self._instances:
            self._instances[name] = self._factories[name]()
        return self._instances[name]


REGISTRY = Registry()
REGISTRY.register("eta", lambda: EtaHeuristic(4, nnx.Rngs(0)))


def total_eta(legs):
    def body(i, acc):
        model = REGISTRY.get("eta")
        return acc + model(legs[i])

    return lax.fori_loop(0, legs.shape[0], body, jnp.zeros(()))


def main():
    legs = jax.random.normal(jax.random.key(1), (5, 4))
    total_eta(legs)
    REGISTRY.get("eta")(legs).block_until_ready()
    return None
