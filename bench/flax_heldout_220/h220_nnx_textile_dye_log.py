# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 DyeHouse.log (a plain ReadingLog) receives VatReading variables (an nnx.Variable subclass) created inside the scan body
"""Textile dye house: predicted dye uptake per vat pass, logged as typed readings."""
import jax
import jax.numpy as jnp
from flax import nnx


class VatReading(nnx.Variable):
    """Dye concentration measured (or predicted) after a pass through the vat."""


class UptakeModel(nnx.Module):
    def __init__(self, dyes: int, rngs: nnx.Rngs):
        self.affinity = nnx.Linear(dyes, dyes, rngs=rngs)

    def __call__(self, bath):
        return bath * nnx.sigmoid(self.affinity(bath))


class ReadingLog:
    def __init__(self):
        self.readings = []

    def record(self, reading: VatReading):
        self.readings.append(reading)

    def mean_concentration(self):
        return jnp.mean(jnp.stack([r[...] for r in self.readings]), axis=0)


class DyeHouse:
    def __init__(self, model: UptakeModel):
        self.model = model
        self.log = ReadingLog()

    def run_batch(self, bath, passes: int):
        def one_pass(bath, _):
            uptake = self.model(bath)
            self.log.record(VatReading(uptake))
            return bath - 0.3 * uptake, None

        bath, _ = jax.lax.scan(one_pass, bath, None, length=passes)
        return bath, self.log.mean_concentration()


def main():
    house = DyeHouse(UptakeModel(3, nnx.Rngs(0)))
    bath, mean_uptake = house.run_batch(jnp.array([0.8, 0.4, 0.6]), passes=7)
    print("residual bath", bath, "mean uptake", mean_uptake)
    return None
