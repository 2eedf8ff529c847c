# label: ok
# flax-error: none
# class: 2 nn.Dropout in a setup submodule is called from the scan body with a per-frame key split before the loop and passed as xs
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SignConfig:
    n_keypoints: int = 10
    n_frames: int = 6
    n_glosses: int = 4
    frame_drop: float = 0.3


class FrameDropper(nn.Module):
    rate: float

    def setup(self):
        self.drop = nn.Dropout(self.rate)

    def __call__(self, frame, deterministic, rng=None):
        keep = self.drop(jnp.ones_like(frame), deterministic=deterministic, rng=rng)
        return frame * keep, keep


class SignRecognizer(nn.Module):
    cfg: SignConfig

    def setup(self):
        self.dropper = FrameDropper(self.cfg.frame_drop)
        self.embed = nn.Dense(16)
        self.classify = nn.Dense(self.cfg.n_glosses)

    def augment(self, frames, deterministic):
        if deterministic:
            keys = jnp.zeros((frames.shape[0],), jnp.uint32)
        else:
            keys = jax.random.split(self.make_rng("dropout"), frames.shape[0])

        def body(pooled, xs):
            frame, key = xs
            dropped, keep = self.dropper(frame, deterministic, rng=None if deterministic else key)
            return pooled + dropped, (dropped, keep)

        pooled, (dropped, masks) = scan(body, jnp.zeros_like(frames[0]), (frames, keys))
        return pooled / frames.shape[0], dropped, masks

    def __call__(self, frames, train: bool = False):
        pooled, dropped, masks = self.augment(frames, deterministic=not train)
        h = nn.gelu(self.embed(dropped)).mean(axis=0) + self.embed(pooled)
        return self.classify(h), masks


def augmented_batch(model, variables, frames, key):
    logits, masks = model.apply(variables, frames, train=True, rngs={"dropout": key})
    return logits, masks


def main():
    cfg = SignConfig()
    model = SignRecognizer(cfg)
    frames = jax.random.normal(jax.random.key(0), (cfg.n_frames, cfg.n_keypoints))
    variables = model.init(jax.random.key(1), frames)
    _, masks = augmented_batch(model, variables, frames, jax.random.key(2))
    return masks
