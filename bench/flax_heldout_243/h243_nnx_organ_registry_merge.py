# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls a TuningPass bound with functools.partial; it merges the voicer from the carry and publishes it to a WeakValueDictionary directory that the console reads after the loop
from __future__ import annotations

import functools
import weakref

import flax.nnx as nnx
import jax
import jax.lax as lax
import jax.numpy as jnp


class HarmonicVoicer(nnx.Module):
    def __init__(self, harmonics: int, rngs: nnx.Rngs):
        self.languid = nnx.Linear(harmonics, harmonics, rngs=rngs)
        self.nicking = nnx.Param(jnp.full((harmonics,), 0.1, jnp.float32))

    def __call__(self, spectrum):
        return nnx.sigmoid(self.languid(spectrum) - self.nicking[...])


class VoicerDirectory:
    def __init__(self):
        self._by_rank = weakref.WeakValueDictionary()

    def publish(self, rank: str, voicer: HarmonicVoicer) -> None:
        self._by_rank[rank] = voicer

    def lookup(self, rank: str) -> HarmonicVoicer:
        return self._by_rank[rank]


class TuningPass:
    def __init__(self, directory: VoicerDirectory, rank: str):
        self.directory = directory
        self.rank = rank
        self.active: HarmonicVoicer | None = None

    def __call__(self, graphdef, state, spectrum):
        voicer = nnx.merge(graphdef, state)
        self.active = voicer
        self.directory.publish(self.rank, voicer)
        brightness = jnp.mean(voicer(spectrum))
        return nnx.state(voicer), brightness


class VoicingConsole:
    def __init__(self, rank: str, harmonics: int = 6, seed: int = 2):
        self.rank = rank
        self.voicer = HarmonicVoicer(harmonics, nnx.Rngs(seed))
        self.directory = VoicerDirectory()
        self.directory.publish(rank, self.voicer)
        self.tuning_pass = TuningPass(self.directory, rank)

    def session(self, spectra):
        graphdef, state = nnx.split(self.voicer)
        step = functools.partial(self.tuning_pass, graphdef)

        def one_pass(state, spectrum):
            return step(state, spectrum)

        state, brightness = lax.scan(one_pass, state, spectra)
        nnx.update(self.voicer, state)
        return brightness

    def listen(self, spectrum):
        return self.directory.lookup(self.rank)(spectrum)


def spectra(passes: int = 3, harmonics: int = 6):
    partials = 1.0 / jnp.arange(1, harmonics + 1, dtype=jnp.float32)
    return jnp.stack([partials * (1.0 + 0.2 * p) for p in range(passes)])


def main():
    console = VoicingConsole("trumpet-8")
    frames = spectra()
    brightness = console.session(frames)
    heard = console.listen(frames[0])
    jax.block_until_ready((brightness, heard))
    return None
