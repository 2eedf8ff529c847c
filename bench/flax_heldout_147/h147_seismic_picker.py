# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 PhasePicker.__call__ runs lax.scan over the waveform windows itself and first calls its compact encoder/head Dense layers inside the body, so init creates their params in the scan trace
"""Seismic phase picking service: per-window noise/P/S scores over a continuous trace."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class PickerConfig:
    window: int = 16
    hidden: int = 8
    n_phases: int = 3  # noise, P onset, S onset
    batch: int = 2


class PhasePicker(nn.Module):
    cfg: PickerConfig

    @nn.compact
    def __call__(self, windows):  # [n_windows, batch, window]
        encoder = nn.Dense(self.cfg.hidden, name="encoder")
        head = nn.Dense(self.cfg.n_phases, name="head")

        def body(memory, w):
            h = nn.tanh(encoder(w)) + 0.5 * memory
            return h, head(h)

        memory0 = jnp.zeros((windows.shape[1], self.cfg.hidden))
        _, logits = lax.scan(body, memory0, windows)
        return nn.log_softmax(logits)


class PickingJob:
    """One station-day of picking: windowing, model init, scoring."""

    def __init__(self, cfg: PickerConfig, seed: int = 0):
        self.cfg = cfg
        self.model = PhasePicker(cfg)
        self.seed = seed

    def windows(self, trace):
        per = self.cfg.window * self.cfg.batch
        n = trace.shape[0] // per
        return trace[: n * per].reshape(n, self.cfg.batch, self.cfg.window)

    def run(self, trace):
        windows = self.windows(trace)
        variables = self.model.init(jax.random.key(self.seed), windows)
        scores = self.model.apply(variables, windows)
        return jnp.argmax(scores, axis=-1)


def main():
    t = jnp.linspace(0.0, 40.0, 256)
    trace = jnp.sin(t) * jnp.exp(-0.05 * t)
    picks = PickingJob(PickerConfig()).run(trace)
    _ = int((picks == 1).sum())
    return None
