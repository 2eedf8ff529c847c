# label: same-values
# flax-error: none
# class: 4 FeedbackCanceller scans over frames and runs its callback list; ProbeNoiseCallback.on_frame applies the model with rngs={"probe": self.key}
"""Hearing-aid feedback cancellation: injects a probe signal each frame to estimate the feedback path."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class AidConfig:
    frame_len: int = 16
    n_frames: int = 6
    probe_level: float = 0.05


class ProbeInjector(nn.Module):
    level: float

    @nn.compact
    def __call__(self, frame):
        shaped = nn.Dense(frame.shape[-1], use_bias=False, name="shaping")(
            jax.random.normal(self.make_rng("probe"), frame.shape))
        probe = self.level * shaped
        return frame + probe, probe


class Callback:
    def on_frame(self, frame):
        raise NotImplementedError


class ProbeNoiseCallback(Callback):
    def __init__(self, model, params, key):
        self.model, self.params, self.key = model, params, key

    def on_frame(self, frame):
        _, probe = self.model.apply(self.params, frame, rngs={"probe": self.key})
        return probe


class FeedbackCanceller:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def process(self, frames):
        def body(energy, frame):
            probes = [cb.on_frame(frame) for cb in self.callbacks]
            probe = sum(probes)
            return energy + jnp.sum(probe ** 2), probe
        return lax.scan(body, jnp.zeros(()), frames)


def main():
    cfg = AidConfig()
    frames = jax.random.normal(jax.random.key(0), (cfg.n_frames, cfg.frame_len))
    model = ProbeInjector(cfg.probe_level)
    params = model.init({"params": jax.random.key(1), "probe": jax.random.key(2)}, frames[0])
    canceller = FeedbackCanceller([ProbeNoiseCallback(model, params, jax.random.key(3))])
    _, probes = canceller.process(frames)
    return probes
