# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the picker object holds graphdef and state; the scan body merges the carried state, adapts it and keeps the merged module on picker.live
"""Seismic phase picking (NNX): a small onset detector adapted to each station's noise.

The picker adapts its noise floor trace by trace during a calibration window and keeps the
adapted module live for the picks that follow.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class NoiseFloor(nnx.Variable):
    pass


class OnsetDetector(nnx.Module):
    def __init__(self, window: int, rngs: nnx.Rngs):
        self.filt = nnx.Linear(window, 1, rngs=rngs)
        self.floor = NoiseFloor(jnp.ones(()))

    def adapt(self, trace):
        self.floor[...] = 0.8 * self.floor[...] + 0.2 * jnp.std(trace)

    def __call__(self, trace):
        return nnx.sigmoid(self.filt(trace)[0] / self.floor[...])


class PhasePicker:
    def __init__(self, detector: OnsetDetector):
        self.graphdef, self.state = nnx.split(detector)
        self.live = detector

    def calibrate(self, traces):
        def on_trace(state, trace):
            detector = nnx.merge(self.graphdef, state)
            detector.adapt(trace)
            self.live = detector
            return nnx.state(detector), None

        self.state, _ = jax.lax.scan(on_trace, self.state, traces)

    def pick(self, trace):
        return self.live(trace) > 0.5


def main():
    traces = jax.random.normal(jax.random.key(0), (9, 32)) * 2.0
    picker = PhasePicker(OnsetDetector(32, nnx.Rngs(1)))
    picker.calibrate(traces)
    picker.pick(traces[0])
    return None
