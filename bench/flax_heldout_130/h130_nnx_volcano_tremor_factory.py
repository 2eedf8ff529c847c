# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_tremor_step() returns jax.checkpoint(step); step merges the detector from the scan carry and hands the nnx.pop'ed Intermediate state to a recorder captured by the factory
"""Volcano tremor monitoring: a detector filters seismometer windows; a step factory builds the
rematerialised scan step and a recorder keeps the detector's sown band energies."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class TremorDetector(nnx.Module):
    def __init__(self, samples, bands, rngs):
        self.filters = nnx.Linear(samples, bands, rngs=rngs)
        self.alarm = nnx.Linear(bands, 1, rngs=rngs)

    def __call__(self, window):
        energy = jnp.square(self.filters(window))
        self.sow(nnx.Intermediate, "band_energy", energy)
        return nnx.sigmoid(self.alarm(jnp.log1p(energy)))[0]


class BandRecorder:
    def __init__(self):
        self.frames = []

    def record(self, intermediates):
        self.frames.append(intermediates)

    def summary(self):
        energies = [f["band_energy"][0] for f in self.frames]
        return jnp.stack(energies).mean(0)


def make_tremor_step(graphdef, recorder):
    def step(state, window):
        detector = nnx.merge(graphdef, state)
        alarm = detector(window)
        recorder.record(nnx.pop(detector, nnx.Intermediate))
        return nnx.state(detector), alarm

    return jax.checkpoint(step)


def main():
    detector = TremorDetector(samples=16, bands=4, rngs=nnx.Rngs(0))
    recorder = BandRecorder()
    graphdef, state = nnx.split(detector)
    step = make_tremor_step(graphdef, recorder)
    windows = jax.random.normal(jax.random.key(5), (6, 16))
    state, alarms = scan(step, state, windows)
    print(alarms, recorder.summary())
    return None
