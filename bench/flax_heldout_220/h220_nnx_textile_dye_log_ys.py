# label: ok
# flax-error: none
# class: 3 DyeHouse.log (a plain ReadingLog) gets one VatReading built after the scan from the uptakes returned as ys
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
        return jnp.mean(jnp.concatenate([r[...] for r in self.readings]), axis=0)


class DyeHouse:
    def __init__(self, model: UptakeModel):
        self.model = model
        self.log = ReadingLog()

    def run_batch(self, bath, passes: int):
        def one_pass(bath, _):
            uptake = self.model(bath)
            return bath - 0.3 * uptake, uptake

        bath, uptakes = jax.lax.scan(one_pass, bath, None, length=passes)
        self.log.record(VatReading(uptakes))
        return bath, self.log.mean_concentration()


def main():
    house = DyeHouse(UptakeModel(3, nnx.Rngs(0)))
    bath, mean_uptake = house.run_batch(jnp.array([0.8, 0.4, 0.6]), passes=7)
    print("residual bath", bath, "mean uptake", mean_uptake)
    return None
