# label: ok
# flax-error: none
# class: 5 per-sample keys split from the config seed are the raw scan xs; the body wraps each in nnx.Rngs for the model's dropout
"""Perception uncertainty in NNX: MC-dropout masks for an obstacle classifier, sampled in a raw scan."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class MCConfig:
    seed: int = 5
    n_samples: int = 6
    rate: float = 0.3


class ObstacleNet(nnx.Module):
    def __init__(self, din, rate, rngs: nnx.Rngs):
        self.feat = nnx.Linear(din, din, rngs=rngs)
        self.drop = nnx.Dropout(rate)

    def dropout_mask(self, x, rngs):
        return self.drop(jnp.ones_like(self.feat(x)), rngs=rngs)


def mc_masks(model: ObstacleNet, x, cfg: MCConfig):
    keys = jax.random.split(jax.random.key(cfg.seed), cfg.n_samples)

    def body(carry, key):
        return carry, model.dropout_mask(x, nnx.Rngs(dropout=key))

    _, masks = jax.lax.scan(body, None, keys)
    return masks


def main():
    cfg = MCConfig()
    model = ObstacleNet(8, cfg.rate, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (8,))
    return mc_masks(model, x, cfg)
