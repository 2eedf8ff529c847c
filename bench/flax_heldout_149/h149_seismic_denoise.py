# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a StationSession checked out of the trainer's SessionPool holds model.bind(..., mutable=['batch_stats']); the scan body calls session.denoise
"""Seismic waveform denoiser: one session per station keeps a bound model that adapts its
normalisation statistics while a window pass runs over the incoming traces."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class DenoiseConfig:
    channels: int = 3
    hidden: int = 16
    momentum: float = 0.9


class WaveformDenoiser(nn.Module):
    cfg: DenoiseConfig

    @nn.compact
    def __call__(self, trace, train: bool):
        h = nn.Dense(self.cfg.hidden, name="encode")(trace)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.cfg.momentum, name="norm")(h)
        return trace - nn.Dense(self.cfg.channels, name="decode")(nn.gelu(h))


class StationSession:
    """A station's live model: bound once, so calls keep updating its batch statistics."""

    def __init__(self, station, model, variables):
        self.station = station
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def denoise(self, window):
        return self.bound(window, train=True)

    def running_stats(self):
        return self.bound.variables["batch_stats"]


class SessionPool:
    def __init__(self, model, variables, stations):
        self._sessions = {name: StationSession(name, model, variables) for name in stations}

    def checkout(self, station):
        return self._sessions[station]


class DenoiseTrainer:
    def __init__(self, pool):
        self.pool = pool

    def adapt(self, station, windows):
        session = self.pool.checkout(station)

        def body(energy, window):
            clean = session.denoise(window)
            return energy + jnp.sum(clean**2), clean

        energy, _ = jax.lax.scan(body, jnp.zeros(()), windows)
        stats = jax.tree_util.tree_map(lambda a: a * 1.0, session.running_stats())
        return energy, stats


def main():
    cfg = DenoiseConfig()
    model = WaveformDenoiser(cfg)
    windows = jax.random.normal(jax.random.key(0), (6, 8, cfg.channels))
    variables = model.init(jax.random.key(1), windows[0], train=False)
    trainer = DenoiseTrainer(SessionPool(model, variables, ["ANMO", "COR", "HRV"]))
    trainer.adapt("ANMO", windows)
    return None
