# label: trace-context
# flax-error: TraceContextError: Cannot mutate CallTally from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_hour_step(detector, spectra) returns the fori_loop body; it calls detector, whose __call__ adds to a CallTally (nnx.Variable subclass)
"""Coral-reef acoustic monitoring: counts fish calls in hourly hydrophone spectra."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class CallTally(nnx.Variable):
    """Running count of detected calls, kept out of the trainable parameters."""


class ReefDetector(nnx.Module):
    def __init__(self, bins, rngs):
        self.conv = nnx.Linear(bins, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)
        self.calls = CallTally(jnp.zeros(()))

    def score(self, spectrum):
        return nnx.sigmoid(self.out(nnx.relu(self.conv(spectrum))))[..., 0]

    def __call__(self, spectrum):
        score = self.score(spectrum)
        self.calls[...] = self.calls[...] + jnp.sum(score > 0.5)
        return score


def make_hour_step(detector, spectra):
    def step(i, energy):
        score = detector(spectra[i])
        return energy + jnp.sum(score)

    return step


class HydrophoneStation:
    def __init__(self, name, detector):
        self.name = name
        self.detector = detector

    def process_day(self, spectra):
        step = make_hour_step(self.detector, spectra)
        return jax.lax.fori_loop(0, spectra.shape[0], step, jnp.zeros(()))


def main():
    detector = ReefDetector(bins=12, rngs=nnx.Rngs(0))
    spectra = jax.random.uniform(jax.random.key(1), (6, 5, 12))
    station = HydrophoneStation("lizard-island-3", detector)
    energy = station.process_day(spectra)
    print(float(energy), float(detector.calls[...]))
    return None
