# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[96,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the picker module's own __call__ runs the scan over waveform windows and its setup submodules are first called inside the body, so init creates their params under the trace
"""Seismic phase picker: slides over a three-component waveform window by window and scores
P/S arrivals; the per-window head is shared across windows."""
import jax
import jax.numpy as jnp
import flax.linen as nn

WINDOW = 32
CHANNELS = 3


class PhasePicker(nn.Module):
    hidden: int = 16
    phases: int = 3  # noise, P, S

    def setup(self):
        self.window_encoder = nn.Dense(self.hidden)
        self.onset_head = nn.Dense(self.phases)
        self.decay = self.param("decay", nn.initializers.constant(0.9), ())

    def __call__(self, waveform):
        windows = waveform.reshape(-1, WINDOW * CHANNELS)

        def pick(memory, window):
            feat = nn.gelu(self.window_encoder(window))
            memory = self.decay * memory + (1.0 - self.decay) * feat
            return memory, nn.softmax(self.onset_head(memory))

        memory0 = jnp.zeros((self.hidden,))
        _, probs = jax.lax.scan(pick, memory0, windows)
        return probs


def detect_events(probs, threshold=0.5):
    p_onsets = probs[:, 1] > threshold
    s_onsets = probs[:, 2] > threshold
    return jnp.sum(p_onsets), jnp.sum(s_onsets)


def main():
    picker = PhasePicker()
    trace = jax.random.normal(jax.random.PRNGKey(0), (8 * WINDOW, CHANNELS))
    variables = picker.init(jax.random.PRNGKey(1), trace)
    station_feed = jax.random.normal(jax.random.PRNGKey(2), (12 * WINDOW, CHANNELS))
    probs = picker.apply(variables, station_feed)
    detect_events(probs)
    return None
