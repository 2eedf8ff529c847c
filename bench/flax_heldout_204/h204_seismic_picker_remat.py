# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 PhasePicker builds its ConvBlock through nn.remat in its compact __call__ and calls the rematerialised submodule in a raw jax.lax.scan body over waveform windows
"""Seismic event detection: a phase picker scans a continuous three-component waveform in
windows and outputs a P-wave probability per window. The conv block is rematerialised to
keep activation memory flat on long station recordings."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvBlock(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, window):  # window: [T, 3]
        h = nn.Conv(self.features, (7,))(window)
        h = nn.elu(h)
        h = nn.Conv(self.features, (5,))(h)
        return jnp.max(nn.elu(h), axis=0)


class PhasePicker(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, windows):  # windows: [N, T, 3]
        block = nn.remat(ConvBlock)(self.features, name="block")
        head = nn.Dense(1, name="head")

        def per_window(n_events, window):
            p = nn.sigmoid(head(block(window)))[0]
            return n_events + (p > 0.5), p

        return jax.lax.scan(per_window, jnp.zeros((), jnp.int32), windows)


class StationMonitor:
    def __init__(self, window: int = 32):
        self.window = window
        self.model = PhasePicker()
        self.params = self.model.init(jax.random.key(0), jnp.zeros((2, window, 3)))["params"]

    def windows(self, trace):
        n = trace.shape[0] // self.window
        return trace[: n * self.window].reshape(n, self.window, 3)

    def detect(self, trace):
        n_events, probs = self.model.apply({"params": self.params}, self.windows(trace))
        return n_events, probs


def main():
    monitor = StationMonitor()
    trace = jax.random.normal(jax.random.key(1), (256, 3))
    n_events, probs = monitor.detect(trace)
    print(int(n_events), probs.round(2))
    return None
