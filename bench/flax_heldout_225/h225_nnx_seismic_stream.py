# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'SeismicPicker' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 SeismicPicker.pick_stream runs the scan itself and stores the streaming state on self.resume_state from inside the body
"""Seismic monitoring (NNX): pick P-wave onsets over a stream of waveform windows, resumable across calls."""
import jax
import jax.numpy as jnp
from flax import nnx


class SeismicPicker(nnx.Module):
    def __init__(self, window: int, hidden: int, rngs: nnx.Rngs):
        self.window = window
        self.hidden = hidden
        self.inp = nnx.Linear(window, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, rngs=rngs)
        self.onset = nnx.Linear(hidden, 1, rngs=rngs)
        self.resume_state = None

    def pick_stream(self, windows):
        start = jnp.zeros((self.hidden,)) if self.resume_state is None else self.resume_state

        def window_step(state, samples):
            state = nnx.tanh(self.inp(samples) + self.rec(state))
            self.resume_state = state
            return state, nnx.sigmoid(self.onset(state))[0]

        _, onset_prob = jax.lax.scan(window_step, start, windows)
        return onset_prob


class StationFeed:
    def __init__(self, picker: SeismicPicker):
        self.picker = picker

    def poll(self, trace):
        windows = trace.reshape(-1, self.picker.window)
        return self.picker.pick_stream(windows) > 0.5


def main():
    picker = SeismicPicker(window=20, hidden=12, rngs=nnx.Rngs(0))
    feed = StationFeed(picker)
    t = jnp.arange(400, dtype=jnp.float32)
    trace = jnp.sin(t / 3.0) * jnp.where(t > 230, 4.0, 0.3)
    first = feed.poll(trace)
    second = feed.poll(trace[::-1])
    jax.block_until_ready((first, second))
    return None
