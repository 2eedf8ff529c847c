# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the tide cell is an attribute of a callable TideStep object whose __call__ is the scan body; its Dense params are first created there during init
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class MarshSiteConfig:
    channels: int = 4
    tides: int = 6
    settling: float = 0.85


class SedimentCell(nn.Module):
    """Sediment carried over the platform on one tide."""

    channels: int

    @nn.compact
    def __call__(self, load, forcing):
        inflow = nn.Dense(self.channels, name="inflow")(forcing)
        return jnp.tanh(load + inflow)


class TideStep:
    """One tide of the accretion rollout."""

    def __init__(self, cell, settling: float):
        self.cell = cell
        self.settling = settling

    def __call__(self, load, forcing):
        new_load = self.settling * load + (1.0 - self.settling) * self.cell(load, forcing)
        return new_load, new_load.mean()


class AccretionModel(nn.Module):
    config: MarshSiteConfig

    def setup(self):
        self.cell = SedimentCell(self.config.channels)

    def __call__(self, forcings):
        load0 = jnp.zeros((self.config.channels,))
        step = TideStep(self.cell, self.config.settling)
        load, accretion = lax.scan(step, load0, forcings)
        return load, accretion


class RestorationSite:
    def __init__(self, config: MarshSiteConfig, seed: int = 0):
        self.config = config
        self.model = AccretionModel(config)
        self.seed = seed

    def tidal_forcings(self):
        t = jnp.arange(self.config.tides, dtype=jnp.float32)[:, None]
        return jnp.sin(t + jnp.arange(self.config.channels, dtype=jnp.float32)[None, :])

    def survey(self):
        forcings = self.tidal_forcings()
        variables = self.model.init(jax.random.key(self.seed), forcings)
        load, accretion = self.model.apply(variables, forcings)
        return load, accretion


def main():
    site = RestorationSite(MarshSiteConfig())
    load, accretion = site.survey()
    jax.block_until_ready((load, accretion))
    return None
