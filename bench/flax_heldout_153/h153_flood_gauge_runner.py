# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 GaugeRunner.from_config builds a _Session holding model.bind(variables, mutable=['stats']); the scan body calls self.session.nowcast, which writes the bound 'stats' collection
"""River-gauge nowcasting: a runner replays a day of sensor readings through a station session
and reports the largest rise and the peak stage the model has tracked."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class StageNowcaster(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, reading):
        peak = self.variable('stats', 'peak_stage', lambda: jnp.full((), -jnp.inf))
        h = nn.tanh(nn.Dense(self.hidden, name='sensor_mix')(reading))
        stage = nn.Dense(1, name='stage_head')(h)[0]
        if not self.is_initializing():
            peak.value = jnp.maximum(peak.value, stage)
        return stage


@dataclasses.dataclass(frozen=True)
class GaugeConfig:
    station_id: str
    n_sensors: int = 6
    hidden: int = 16
    seed: int = 0


class _Session:
    """One station's model, bound once so request handlers can call it like a function."""

    def __init__(self, module, variables):
        self.bound = module.bind(variables, mutable=['stats'])

    def nowcast(self, reading):
        return self.bound(reading)

    def peak(self):
        return self.bound.variables['stats']['peak_stage']


class GaugeRunner:
    def __init__(self, config, session):
        self.config = config
        self.session = session

    @classmethod
    def from_config(cls, cfg):
        module = StageNowcaster(hidden=cfg.hidden)
        variables = module.init(jax.random.key(cfg.seed), jnp.zeros((cfg.n_sensors,)))
        return cls(cfg, _Session(module, variables))

    def replay(self, readings):
        def body(prev_stage, reading):
            stage = self.session.nowcast(reading)
            return stage, stage - prev_stage

        _, rises = jax.lax.scan(body, jnp.zeros(()), readings)
        return rises

    def report(self, readings):
        rises = self.replay(readings)
        return {'station': self.config.station_id,
                'max_rise': jnp.max(rises),
                'peak_stage': jnp.asarray(self.session.peak()) * 1.0}


def main():
    cfg = GaugeConfig(station_id='R-118')
    runner = GaugeRunner.from_config(cfg)
    readings = jnp.linspace(0.0, 1.0, 8 * cfg.n_sensors).reshape(8, cfg.n_sensors)
    report = runner.report(readings)
    jax.block_until_ready(report['peak_stage'])
    return None
