# label: ok
# flax-error: none
# class: 5 build_rollout wraps a step in jax.checkpoint and scans it with the model (a pytree) in the carry; the model's FlowBaseline Variable subclass is updated on every call and written back after the loop
"""Sewer network nowcasting: rematerialized rollouts of manhole flow over a storm event."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class FlowBaseline(nnx.Variable):
    """Slow dry-weather baseline tracked online."""


@dataclass(frozen=True)
class NetworkConfig:
    manholes: int = 5
    rain_gauges: int = 3
    baseline_decay: float = 0.95


class FlowNowcaster(nnx.Module):
    def __init__(self, cfg: NetworkConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.routing = nnx.Linear(cfg.manholes + cfg.rain_gauges, cfg.manholes, rngs=rngs)
        self.baseline = FlowBaseline(jnp.zeros((cfg.manholes,)))

    def __call__(self, flow, rain):
        d = self.cfg.baseline_decay
        self.baseline[...] = d * self.baseline[...] + (1 - d) * flow
        inflow = nnx.softplus(self.routing(jnp.concatenate([flow, rain])))
        return self.baseline[...] + 0.5 * flow + inflow


def build_rollout(model: FlowNowcaster):
    @jax.checkpoint
    def step(carry, rain):
        m, flow = carry
        flow = m(flow, rain)
        return (m, flow), flow

    def rollout(flow0, rain_series):
        (m, final), path = scan(step, (model, flow0), rain_series)
        nnx.update(model, nnx.state(m))
        return final, path

    return rollout


class StormReplay:
    def __init__(self, cfg: NetworkConfig):
        self.model = FlowNowcaster(cfg, rngs=nnx.Rngs(0))
        self.rollout = build_rollout(self.model)

    def run(self, flow0, rain_series):
        final, path = self.rollout(flow0, rain_series)
        return path.max(axis=0)


def main():
    cfg = NetworkConfig()
    rain = jax.random.exponential(jax.random.key(1), (10, cfg.rain_gauges))
    peaks = StormReplay(cfg).run(jnp.ones((cfg.manholes,)), rain)
    print("peak flow per manhole", peaks)
    return None
