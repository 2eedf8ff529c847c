# label: ok
# flax-error: none
# class: 5 per-view keys are split from the config key and fed to the raw scan as xs, then passed as rngs= to the stored apply wrapper
"""Abuse filter retrained online: token-dropout augmentation of flagged messages before each update."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass
class AugmentConfig:
    seed: int = 11
    rate: float = 0.25
    n_views: int = 5
    key: jax.Array = field(init=False)

    def __post_init__(self):
        self.key = jax.random.PRNGKey(self.seed)


class TokenDropout(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, tokens):
        keep = nn.Dropout(self.rate, deterministic=False)(jnp.ones(tokens.shape[:-1]))
        return keep


class Augmenter:
    def __init__(self, cfg: AugmentConfig):
        self.cfg = cfg
        self.module = TokenDropout(cfg.rate)
        self._apply = jax.jit(self.module.apply)

    def view(self, tokens, key):
        return self._apply({}, tokens, rngs={"dropout": key})


def make_views(augmenter: Augmenter, tokens):
    keys = jax.random.split(augmenter.cfg.key, augmenter.cfg.n_views)

    def body(carry, key):
        return carry, augmenter.view(tokens, key)

    _, masks = jax.lax.scan(body, None, keys)
    return masks


def main():
    tokens = jax.random.normal(jax.random.key(0), (16, 8))
    return make_views(Augmenter(AugmentConfig()), tokens)
