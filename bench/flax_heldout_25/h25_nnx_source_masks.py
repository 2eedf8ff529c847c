# label: ok
# flax-error: none
# class: 3 masks returned as raw scan ys; the held helper object is given the last mask after the loop
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
        return h, (mask * frame[None], mask)

    def __call__(self, spectrogram):
        h0 = jnp.zeros((self.cfg.hidden,))
        _, (separated, masks) = jax.lax.scan(self.separate_frame, h0, spectrogram)
        self.history.record(masks[-1])
        return separated


def main():
    cfg = SeparationConfig()
    separator = Separator(cfg, nnx.Rngs(0))
    spec = jnp.abs(jax.random.normal(jax.random.key(2), (cfg.frames, cfg.bins)))
    separated = separator(spec)
    last_mask = separator.history.latest
    print("energy per source", separated.sum(axis=(0, 2)).tolist(), "mask sharpness", float(jnp.max(last_mask)))
    return None
