# label: ok
# flax-error: none
# class: 4 a StationSession checked out of the trainer's SessionPool holds the model and its variables; the scan body calls session.denoise with batch_stats in the carry
"""Seismic waveform denoiser: one session per station keeps the model and its variables; the
window pass threads the normalisation statistics through the scan carry and commits them after."""
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
    """A station's live model: parameters fixed, batch statistics passed in and out."""

    def __init__(self, station, model, variables):
        self.station = station
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def denoise(self, window, batch_stats):
        clean, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, window, train=True, mutable=["batch_stats"]
        )
        return clean, updates["batch_stats"]

    def commit(self, batch_stats):
        self.batch_stats = batch_stats


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

        def body(carry, window):
            energy, batch_stats = carry
            clean, batch_stats = session.denoise(window, batch_stats)
            return (energy + jnp.sum(clean**2), batch_stats), clean

        (energy, batch_stats), _ = jax.lax.scan(body, (jnp.zeros(()), session.batch_stats), windows)
        session.commit(batch_stats)
        return energy, jax.tree_util.tree_map(lambda a: a * 1.0, session.batch_stats)


def main():
    cfg = DenoiseConfig()
    model = WaveformDenoiser(cfg)
    windows = jax.random.normal(jax.random.key(0), (6, 8, cfg.channels))
    variables = model.init(jax.random.key(1), windows[0], train=False)
    trainer = DenoiseTrainer(SessionPool(model, variables, ["ANMO", "COR", "HRV"]))
    trainer.adapt("ANMO", windows)
    return None
