# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 get_model() lazily builds the sluice model into a module-level registry; its first call happens inside the scan body, and the cached model is used again after the loop
"""Tide mill: schedule sluice-gate openings over a spring tide from a lazily loaded gate model."""
import jax
import jax.numpy as jnp
from flax import nnx

_REGISTRY: dict = {}


class SluiceGateModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, 8, rngs=rngs)
        self.gate = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, levels):
        return nnx.sigmoid(self.gate(nnx.gelu(self.hidden(levels))))[..., 0]


def get_model(name: str = "sluice") -> SluiceGateModel:
    if name not in _REGISTRY:
        _REGISTRY[name] = SluiceGateModel(nnx.Rngs(7))
    return _REGISTRY[name]


class MillScheduler:
    def plan(self, tides):
        def body(pond, tide):
            opening = get_model()(jnp.stack([pond, tide]))
            pond = pond + 0.1 * (tide - pond) * opening
            return pond, opening

        _, openings = jax.lax.scan(body, jnp.zeros(()), tides)
        return openings


def grinding_hours(pond_level, tide_level):
    return 6.0 * get_model()(jnp.array([pond_level, tide_level]))


def main():
    tides = jnp.sin(jnp.linspace(0.0, 4.0 * jnp.pi, 24))
    MillScheduler().plan(tides)
    grinding_hours(0.8, -0.4)
