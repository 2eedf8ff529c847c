# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 plain helper object held by the separator module gets the mask assigned inside the raw scan body; read after the loop
"""Audio source separation: a mask network splits a mixture spectrogram frame by frame."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SeparationConfig:
    bins: int = 16
    sources: int = 2
    hidden: int = 24
    frames: int = 7


class MaskHistory:
    """Keeps the latest mask for visualisation hooks."""

    def __init__(self):
        self.latest = None

    def record(self, mask):
        self.latest = mask


class MaskEstimator(nnx.Module):
    def __init__(self, cfg: SeparationConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.rnn = nnx.GRUCell(cfg.bins, cfg.hidden, rngs=rngs)
        self.proj = nnx.Linear(cfg.hidden, cfg.bins * cfg.sources, rngs=rngs)

    def __call__(self, h, frame):
        h, out = self.rnn(h, jnp.log1p(frame))
        logits = self.proj(out).reshape(self.cfg.sources, self.cfg.bins)
        return h, jax.nn.softmax(logits, axis=0)


class Separator(nnx.Module):
    def __init__(self, cfg: SeparationConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.estimator = MaskEstimator(cfg, rngs)
        self.history = MaskHistory()

    def separate_frame(self, h, frame):
        h, mask = self.estimator(h, frame)
        self.history.record(mask)
        return h, mask * frame[None]

    def __call__(self, spectrogram):
        h0 = jnp.zeros((self.cfg.hidden,))
        _, separated = jax.lax.scan(self.separate_frame, h0, spectrogram)
        return separated


def main():
    cfg = SeparationConfig()
    separator = Separator(cfg, nnx.Rngs(0))
    spec = jnp.abs(jax.random.normal(jax.random.key(2), (cfg.frames, cfg.bins)))
    separated = separator(spec)
    last_mask = separator.history.latest
    print("energy per source", separated.sum(axis=(0, 2)).tolist(), "mask sharpness", float(jnp.max(last_mask)))
    return None
