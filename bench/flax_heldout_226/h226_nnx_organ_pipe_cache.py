# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the @memoize_spectrum decorator wraps PipeVoicer.spectrum, which calls the voicer's NNX model; its first call happens in the while_loop body, so the cache keeps the traced spectrum and the report after the loop reads it
"""Pipe organ voicing: the voicer re-cuts a pipe's mouth until the predicted spectrum matches the rank."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


def memoize_spectrum(method):
    """Caches the spectrum of each pipe; voicing sessions ask for the same pipe many times."""
    @functools.wraps(method)
    def cached(self, pipe_id, geometry):
        if pipe_id not in self._spectrum_cache:
            self._spectrum_cache[pipe_id] = method(self, pipe_id, geometry)
        return self._spectrum_cache[pipe_id]
    return cached


class SpectrumModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mouth = nnx.Linear(4, 10, rngs=rngs)
        self.partials = nnx.Linear(10, 8, rngs=rngs)

    def __call__(self, geometry):
        return nnx.softplus(self.partials(nnx.tanh(self.mouth(geometry))))


class PipeVoicer:
    def __init__(self, model, target, tolerance=0.02, max_cuts=5):
        self.model = model
        self.target = target
        self.tolerance = tolerance
        self.max_cuts = max_cuts
        self._spectrum_cache = {}

    @memoize_spectrum
    def spectrum(self, pipe_id, geometry):
        return self.model(geometry)

    def voice(self, pipe_id, geometry):
        def off_target(state):
            cuts, mismatch, _ = state
            return (cuts < self.max_cuts) & (mismatch > self.tolerance)

        def cut(state):
            cuts, _, shape = state
            shape = shape.at[0].multiply(0.98)
            mismatch = jnp.mean((self.spectrum(pipe_id, shape) - self.target) ** 2)
            return cuts + 1, mismatch, shape

        return lax.while_loop(off_target, cut, (0, jnp.asarray(1.0), geometry))

    def report(self, pipe_id, geometry):
        return {"brightness": jnp.sum(self.spectrum(pipe_id, geometry)[4:])}


def main():
    voicer = PipeVoicer(SpectrumModel(nnx.Rngs(0)), target=jnp.linspace(1.0, 0.2, 8))
    geometry = jnp.array([0.25, 0.6, 0.12, 0.9])
    cuts, mismatch, final_shape = voicer.voice("principal-8-C4", geometry)
    report = voicer.report("principal-8-C4", final_shape)
    jax.block_until_ready((cuts, mismatch, report))
    return None
