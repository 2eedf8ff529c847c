# label: same-values
# flax-error: none
# class: 3 a helper builds nnx.Rngs from the config seed inside the raw scan body and passes it as rngs= to the model's dropout
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


def make_rngs(cfg: MCConfig):
    return nnx.Rngs(dropout=cfg.seed)


def mc_masks(model: ObstacleNet, x, cfg: MCConfig):
    def body(carry, _):
        return carry, model.dropout_mask(x, make_rngs(cfg))

    _, masks = jax.lax.scan(body, None, None, length=cfg.n_samples)
    return masks


def main():
    cfg = MCConfig()
    model = ObstacleNet(8, cfg.rate, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (8,))
    return mc_masks(model, x, cfg)
