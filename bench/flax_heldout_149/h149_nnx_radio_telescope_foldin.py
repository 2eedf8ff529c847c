# label: ok
# flax-error: none
# class: 4 CalibrationPipeline runs (name, stage) pairs built by a comprehension over getattr(calibrator, '_' + name); the gain stage reaches calibrator.injector, which builds nnx.Rngs from cfg.seed folded with the integration index from the scan carry
"""Radio telescope calibration: each integration of a calibrator source runs through a chain of
calibration stages; the gain stage injects simulated receiver noise for a robustness study."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class CalConfig:
    antennas: int = 6
    stages: tuple = ("bandpass", "gain")
    seed: int = 7
    noise_scale: float = 0.2


class NoiseInjector:
    def __init__(self, cfg):
        self.cfg = cfg

    def draw(self, shape, index):
        rngs = nnx.Rngs(noise=jax.random.fold_in(jax.random.key(self.cfg.seed), index))
        return self.cfg.noise_scale * jax.random.normal(rngs.noise(), shape)


class Calibrator:
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.bandpass = nnx.Linear(cfg.antennas, cfg.antennas, rngs=rngs)
        self.injector = NoiseInjector(cfg)

    def _bandpass(self, vis, index):
        return vis + 0.1 * self.bandpass(vis)

    def _gain(self, vis, index):
        return vis * (1.0 + self.injector.draw(vis.shape, index))


class CalibrationPipeline:
    def __init__(self, calibrator):
        self.stages = [(name, getattr(calibrator, "_" + name)) for name in calibrator.cfg.stages]

    def run(self, integrations):
        def body(count, vis):
            for _name, stage in self.stages:
                vis = stage(vis, count)
            return count + 1, vis

        _, calibrated = jax.lax.scan(body, 0, integrations)
        return calibrated


def main():
    cfg = CalConfig()
    source = jax.random.normal(jax.random.key(0), (1, 3, cfg.antennas))
    integrations = jnp.repeat(source, 8, axis=0)  # the same calibrator source, eight integrations
    pipeline = CalibrationPipeline(Calibrator(cfg, nnx.Rngs(params=0)))
    return pipeline.run(integrations)
