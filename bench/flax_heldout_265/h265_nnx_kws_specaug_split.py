# label: ok
# flax-error: none
# class: 3 the service's augmenter attribute is called inside the scan body with one dropout key per view, split before the scan and scanned as xs
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class AugmentConfig:
    n_mels: int = 8
    views: int = 6
    mask_rate: float = 0.3


class SpecAugment(nnx.Module):
    def __init__(self, cfg: AugmentConfig, rngs: nnx.Rngs):
        self.mel_gain = nnx.Linear(cfg.n_mels, cfg.n_mels, rngs=rngs)
        self.mask = nnx.Dropout(cfg.mask_rate, rngs=rngs)

    def __call__(self, frame, rngs=None):
        return self.mask(self.mel_gain(frame), rngs=rngs)


class AugmentService:
    def __init__(self, cfg: AugmentConfig, seed: int):
        self.cfg = cfg
        self.rngs = nnx.Rngs(params=seed, dropout=seed + 1)
        self.augmenter = SpecAugment(cfg, self.rngs)

    def views(self, frame):
        frames = jnp.broadcast_to(frame, (self.cfg.views,) + frame.shape)
        view_keys = jax.random.split(self.rngs.dropout(), self.cfg.views)

        def one_view(carry, xs):
            key, f = xs
            return carry, self.augmenter(f, rngs=key)

        _, out = lax.scan(one_view, None, (view_keys, frames))
        return out


def main():
    service = AugmentService(AugmentConfig(), seed=0)
    frame = jnp.linspace(0.5, 1.5, 8)
    return service.views(frame)
