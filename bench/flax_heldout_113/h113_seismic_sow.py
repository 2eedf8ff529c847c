# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module's __call__ runs scan and self.sow()s the residual energy from the body; apply(mutable=['intermediates']) returns it
"""Seismic waveform denoising: slide over a trace window by window, denoise each window and
report the residual energy of every window to the picking stage as an intermediate."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class WindowDenoiser(nn.Module):
    width: int = 32

    def setup(self):
        self.enc = nn.Dense(16)
        self.dec = nn.Dense(self.width)

    def denoise_window(self, window):
        return self.dec(nn.gelu(self.enc(window)))

    def __call__(self, windows):
        def body(prev_tail, window):
            window = window.at[:4].add(0.5 * prev_tail)  # overlap-add with the previous window
            clean = self.denoise_window(window)
            self.sow("intermediates", "residual_energy", jnp.sum((window - clean) ** 2))
            return clean[-4:], clean

        _, cleaned = scan(body, jnp.zeros((4,)), windows)
        return cleaned.reshape(-1)


def pick_onsets(residual_energy, threshold=2.0):
    energy = jnp.asarray(residual_energy)
    ratio = energy / (jnp.median(energy) + 1e-6)
    return jnp.nonzero(ratio > threshold, size=4, fill_value=-1)[0]


def main():
    model = WindowDenoiser()
    trace = jnp.sin(jnp.linspace(0, 60, 16 * 32)) + 0.3 * jax.random.normal(jax.random.key(0), (16 * 32,))
    windows = trace.reshape(16, 32)
    variables = model.init(jax.random.key(1), windows[0], method=WindowDenoiser.denoise_window)
    cleaned, state = model.apply(variables, windows, mutable=["intermediates"])
    (energy,) = state["intermediates"]["residual_energy"]
    print("onsets at windows", pick_onsets(energy))
    return None
