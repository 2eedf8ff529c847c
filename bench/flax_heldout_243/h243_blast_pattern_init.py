# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BlastPattern.__call__ declares its delay_mixer Dense inline and runs lax.scan over the borehole rows; the mixer is first called in the scan body
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class BenchGeometry:
    rows: int = 4
    holes_per_row: int = 5
    burden_m: float = 3.2
    spacing_m: float = 3.8
    stemming_m: float = 2.5

    @property
    def hole_area_m2(self) -> float:
        return self.burden_m * self.spacing_m


class BlastPattern(nn.Module):
    """Row-by-row energy build-up of a bench blast with inter-row delays."""

    geometry: BenchGeometry
    decay: float = 0.85

    @nn.compact
    def __call__(self, row_charges):
        delay_mixer = nn.Dense(self.geometry.holes_per_row, name="delay_mixer")

        def fire_row(residual, charge):
            residual = self.decay * residual + jnp.tanh(delay_mixer(residual) + charge)
            return residual, jnp.sum(residual)

        start = jnp.zeros((self.geometry.holes_per_row,), jnp.float32)
        final, row_energy = lax.scan(fire_row, start, row_charges)
        return final, row_energy


class PatternDesigner:
    def __init__(self, geometry: BenchGeometry, seed: int = 0):
        self.geometry = geometry
        self.model = BlastPattern(geometry)
        self._seed = seed
        self._variables = None

    def charges(self, kg_per_hole: float):
        g = self.geometry
        per_hole = jnp.full((g.rows, g.holes_per_row), kg_per_hole, jnp.float32)
        return per_hole / (g.hole_area_m2 * 10.0)

    def prepare(self, nominal_kg: float = 40.0) -> "PatternDesigner":
        self._variables = self.model.init(jax.random.key(self._seed), self.charges(nominal_kg))
        return self

    def vibration_forecast(self, kg_per_hole: float) -> dict:
        final, row_energy = self.model.apply(self._variables, self.charges(kg_per_hole))
        return {
            "peak_particle_velocity": jnp.max(jnp.abs(final)),
            "row_energy": row_energy,
        }


def main():
    designer = PatternDesigner(BenchGeometry()).prepare()
    forecast = designer.vibration_forecast(kg_per_hole=55.0)
    jax.block_until_ready(forecast)
    return None
