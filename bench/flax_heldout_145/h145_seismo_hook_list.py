# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the sown 'intermediates' collection from apply in the scan body is handed to a callback list whose recorder keeps it
"""Seismograph network: STA/LTA-style envelope model with pluggable step callbacks.

The picker sows its envelope as an intermediate; callbacks (peak recorder, logger) look at the
intermediates after every window.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class EnvelopePicker(nn.Module):
    @nn.compact
    def __call__(self, window):
        envelope = jnp.abs(nn.Dense(16, name="band")(window))
        self.sow("intermediates", "envelope", envelope)
        return nn.sigmoid(nn.Dense(1, name="pick")(envelope)).squeeze(-1)


class PeakRecorder:
    def __init__(self):
        self.peaks = []

    def on_step(self, intermediates):
        self.peaks.append(jnp.max(intermediates["envelope"][0]))

    def summary(self):
        return jnp.stack(self.peaks)


class CountLogger:
    def __init__(self):
        self.calls = 0

    def on_step(self, intermediates):
        self.calls += 1


class PickRunner:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def _window(self, carry, window):
        prob, state = self.model.apply(self.variables, window, mutable=["intermediates"])
        for cb in self.callbacks:
            cb.on_step(state["intermediates"])
        return carry + prob, prob

    def run(self, windows):
        return jax.lax.scan(self._window, 0.0, windows)


def main():
    model = EnvelopePicker()
    variables = model.init(jax.random.key(0), jnp.zeros(32))
    recorder = PeakRecorder()
    runner = PickRunner(model, variables, [recorder, CountLogger()])
    windows = jax.random.normal(jax.random.key(5), (4, 32))
    runner.run(windows)
    print("peak envelope per window", recorder.summary())
    return None
