# label: ok
# flax-error: none
# class: 4 FeedbackCanceller scans over (frame, key) pairs split up front and runs its callback list; ProbeNoiseCallback.on_frame applies the model with the step's key
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
    def on_frame(self, frame, key):
        raise NotImplementedError


class ProbeNoiseCallback(Callback):
    def __init__(self, model, params, key):
        self.model, self.params, self.key = model, params, key

    def on_frame(self, frame, key):
        _, probe = self.model.apply(self.params, frame, rngs={"probe": key})
        return probe


class FeedbackCanceller:
    def __init__(self, callbacks, key):
        self.callbacks = list(callbacks)
        self.key = key

    def process(self, frames):
        keys = jax.random.split(self.key, frames.shape[0])

        def body(energy, inputs):
            frame, key = inputs
            probes = [cb.on_frame(frame, jax.random.fold_in(key, n))
                      for n, cb in enumerate(self.callbacks)]
            probe = sum(probes)
            return energy + jnp.sum(probe ** 2), probe
        return lax.scan(body, jnp.zeros(()), (frames, keys))


def main():
    cfg = AidConfig()
    frames = jax.random.normal(jax.random.key(0), (cfg.n_frames, cfg.frame_len))
    model = ProbeInjector(cfg.probe_level)
    params = model.init({"params": jax.random.key(1), "probe": jax.random.key(2)}, frames[0])
    canceller = FeedbackCanceller([ProbeNoiseCallback(model, params, None)], jax.random.key(3))
    _, probes = canceller.process(frames)
    return probes
