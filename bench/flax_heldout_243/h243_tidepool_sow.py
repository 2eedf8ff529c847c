# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_tide_step() closes over a functools.partial of PoolDynamics.sow, so the scan body records salinity into the diagnostics collection
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class PoolSite:
    name: str
    area_m2: float
    depth_cm: float
    open_sea_psu: float = 35.0


def make_tide_step(site: PoolSite, gate, evap_rate, record):
    def step(state, tide_level):
        salinity, temp = state
        exchange = nn.sigmoid(gate * tide_level)
        evaporation = evap_rate * temp / site.depth_cm
        salinity = salinity + evaporation - exchange * (salinity - site.open_sea_psu)
        temp = 0.9 * temp + 0.1 * (14.0 + 2.0 * tide_level)
        record(salinity)
        return (salinity, temp), None

    return step


class PoolDynamics(nn.Module):
    site: PoolSite

    @nn.compact
    def __call__(self, tides, salinity0, temp0):
        gate = self.param("gate", nn.initializers.constant(0.6), ())
        evap_rate = self.param("evap_rate", nn.initializers.constant(0.4), ())
        step = make_tide_step(self.site, gate, evap_rate, partial(self.sow, "diagnostics", "salinity"))
        (salinity, temp), _ = scan(step, (salinity0, temp0), tides)
        return salinity, temp


class PoolSurvey:
    def __init__(self, site: PoolSite, seed: int = 0):
        self.site = site
        self.model = PoolDynamics(site)
        self.seed = seed
        self.params = None

    def tide_table(self, cycles: int = 6):
        phase = jnp.arange(cycles, dtype=jnp.float32)
        return jnp.sin(phase * 2.0 * jnp.pi / 12.4) * 1.8

    def calibrate(self):
        tides = self.tide_table()
        variables = self.model.init(jax.random.key(self.seed), tides, jnp.float32(35.0), jnp.float32(15.0))
        self.params = variables["params"]
        return self

    def survey(self, salinity0: float, temp0: float):
        (salinity, temp), state = self.model.apply(
            {"params": self.params},
            self.tide_table(),
            jnp.float32(salinity0),
            jnp.float32(temp0),
            mutable=["diagnostics"],
        )
        track = jnp.stack(state["diagnostics"]["salinity"])
        return {"final_psu": salinity, "final_temp": temp, "peak_psu": jnp.max(track)}


def main():
    survey = PoolSurvey(PoolSite("north-shelf", area_m2=3.5, depth_cm=40.0)).calibrate()
    report = survey.survey(salinity0=36.5, temp0=17.0)
    jax.block_until_ready(report)
    return None
