# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 NowcastNet.advection.cell's Dense is first called, so created, inside the scan body of Advection.rollout during init
"""Radar-echo nowcasting: advect the latest precipitation field a few frames ahead."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class GridSpec:
    height: int = 4
    width: int = 4
    lead_frames: int = 3

    @property
    def cells(self) -> int:
        return self.height * self.width


class AdvectionCell(nn.Module):
    cells: int
    damping: float = 0.1

    @nn.compact
    def __call__(self, field):
        flow = nn.Dense(self.cells, name="flow")(field)
        return field + self.damping * jnp.tanh(flow)


class Advection(nn.Module):
    grid: GridSpec

    def setup(self):
        self.cell = AdvectionCell(self.grid.cells)

    def rollout(self, field):
        def advance(state, _):
            nxt = self.cell(state)
            return nxt, nxt

        _, frames = lax.scan(advance, field, None, length=self.grid.lead_frames)
        return jnp.swapaxes(frames, 0, 1)


class NowcastNet(nn.Module):
    grid: GridSpec

    def setup(self):
        self.advection = Advection(self.grid)
        self.rain_rate = nn.Dense(1)

    def __call__(self, radar):
        flat = radar.reshape(radar.shape[0], -1)
        frames = self.advection.rollout(flat)
        return nn.softplus(self.rain_rate(frames[..., None])).squeeze(-1)


class NowcastService:
    def __init__(self, grid: GridSpec, seed: int = 0):
        self.grid = grid
        self.net = NowcastNet(grid)
        self._seed = seed
        self._variables = None

    def warm_start(self, sample):
        self._variables = self.net.init(jax.random.key(self._seed), sample)
        return self

    def forecast(self, radar):
        rates = self.net.apply(self._variables, radar)
        return rates.reshape(radar.shape[0], self.grid.lead_frames, self.grid.height, self.grid.width)


def main():
    grid = GridSpec()
    radar = jnp.linspace(0.0, 1.0, 2 * grid.cells).reshape(2, grid.height, grid.width)
    service = NowcastService(grid).warm_start(radar)
    forecast = service.forecast(radar)
    jax.block_until_ready(forecast)
    return None
