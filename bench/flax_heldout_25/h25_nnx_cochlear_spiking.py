# label: trace-context
# flax-error: TraceContextError: Cannot mutate Membrane from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 LIF layer's membrane nnx.Variable assigned inside the raw fori_loop body through model.step
"""Spiking cochlear model: a filterbank drives integrate-and-fire (LIF) auditory nerve fibres."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CochleaConfig:
    channels: int = 8
    fibres: int = 12
    tau: float = 0.9
    threshold: float = 1.0
    samples: int = 32


class Membrane(nnx.Variable):
    pass


class Filterbank(nnx.Module):
    def __init__(self, cfg: CochleaConfig, rngs: nnx.Rngs):
        self.centres = nnx.Param(jnp.linspace(0.05, 0.45, cfg.channels))
        self.gain = nnx.Linear(cfg.channels, cfg.fibres, rngs=rngs)

    def __call__(self, t, sample):
        response = jnp.cos(2 * jnp.pi * self.centres.value * t) * sample
        return self.gain(jnp.maximum(response, 0.0))


class LIFLayer(nnx.Module):
    def __init__(self, cfg: CochleaConfig):
        self.cfg = cfg
        self.v = Membrane(jnp.zeros((cfg.fibres,)))

    def __call__(self, current):
        v = self.cfg.tau * self.v.value + current
        spikes = (v > self.cfg.threshold).astype(jnp.float32)
        self.v.value = v * (1.0 - spikes)
        return spikes


class CochlearModel(nnx.Module):
    def __init__(self, cfg: CochleaConfig, rngs: nnx.Rngs):
        self.filterbank = Filterbank(cfg, rngs)
        self.nerve = LIFLayer(cfg)

    def step(self, t, sample):
        return self.nerve(self.filterbank(t, sample))


def spike_counts(model, audio):
    def body(t, counts):
        return counts + model.step(t, audio[t])

    return jax.lax.fori_loop(0, audio.shape[0], body, jnp.zeros((model.nerve.cfg.fibres,)))


def main():
    cfg = CochleaConfig()
    model = CochlearModel(cfg, nnx.Rngs(0))
    audio = 2.0 * jnp.sin(jnp.arange(cfg.samples) * 0.7)
    counts = spike_counts(model, audio)
    print("spike counts", counts.tolist())
    return None
