# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RoadNetworkModel.__call__ scans over road segments and its body reaches the Dense through self.encoder.project -> self.encoder.proj, whose params are first created inside the body during init
"""Corridor travel-time model: loop-detector readings per segment, encoded upstream to downstream."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class CorridorConfig:
    num_segments: int = 5
    features: int = 3
    hidden: int = 8


class SegmentEncoder(nn.Module):
    hidden: int

    def setup(self):
        self.proj = nn.Dense(self.hidden, name="proj")

    def project(self, reading):
        return nn.tanh(self.proj(reading))


class RoadNetworkModel(nn.Module):
    config: CorridorConfig

    def setup(self):
        self.encoder = SegmentEncoder(self.config.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, readings):
        def segment_step(upstream, reading):
            state = 0.5 * upstream + self.encoder.project(reading)
            return state, state

        start = jnp.zeros((self.config.hidden,))
        _, states = lax.scan(segment_step, start, readings)
        return self.readout(states).squeeze(-1)


class SimulationRunner:
    def __init__(self, config: CorridorConfig):
        self.config = config
        self.model = RoadNetworkModel(config)
        self.variables = None

    def warm_start(self, key, readings):
        self.variables = self.model.init(key, readings)
        return self

    def travel_times(self, readings):
        return self.model.apply(self.variables, readings)


def synthetic_readings(cfg: CorridorConfig):
    occupancy = jnp.linspace(0.1, 0.9, cfg.num_segments * cfg.features)
    return occupancy.reshape(cfg.num_segments, cfg.features)


def main():
    cfg = CorridorConfig()
    readings = synthetic_readings(cfg)
    runner = SimulationRunner(cfg).warm_start(jax.random.key(0), readings)
    times = runner.travel_times(readings)
    jax.block_until_ready(times)
