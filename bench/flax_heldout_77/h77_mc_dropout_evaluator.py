# label: same-values
# flax-error: none
# class: 1 nn.Dropout of a Monte-Carlo evaluator called inside a raw lax.scan over samples: its "dropout" rng is drawn once at trace time
"""Monte-Carlo dropout evaluator: draws several stochastic forward passes for uncertainty."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass
class EvalConfig:
    num_samples: int = 5
    rate: float = 0.3


class MCDropoutHead(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, h, num_samples):
        drop = nn.Dropout(self.rate, deterministic=False)

        def sample(_, __):
            mask = drop(jnp.ones_like(h))
            return None, mask

        _, masks = lax.scan(sample, None, None, length=num_samples)
        return masks


class Evaluator:
    def __init__(self, cfg: EvalConfig):
        self.cfg = cfg
        self.head = MCDropoutHead(cfg.rate)

    def sample_masks(self, features, rng):
        return self.head.apply({}, features, self.cfg.num_samples, rngs={"dropout": rng})


def main():
    ev = Evaluator(EvalConfig())
    features = jnp.ones((3, 8))
    masks = ev.sample_masks(features, jax.random.key(0))
    return masks
