# label: same-values
# flax-error: none
# class: 3 factory builds an MC step from a config; the scan body constructs nnx.Rngs(dropout=cfg.seed) every step and passes it to the model's Dropout
"""MC-dropout uncertainty evaluator built from an experiment config dict."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MCConfig:
    rate: float = 0.25
    samples: int = 6
    seed: int = 0

    @classmethod
    def from_dict(cls, raw):
        return cls(**raw)


class MaskedEncoder(nnx.Module):
    def __init__(self, rate, rngs):
        self.proj = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)

    def mask(self, x, rngs=None):
        h = self.proj(x)
        return self.drop(jnp.ones_like(h), rngs=rngs)


def make_mc_masks(model, cfg: MCConfig):
    def run(x):
        def body(carry, _):
            mask = model.mask(x, rngs=nnx.Rngs(dropout=cfg.seed))
            return carry, mask

        _, masks = jax.lax.scan(body, None, None, length=cfg.samples)
        return masks

    return run


def main():
    cfg = MCConfig.from_dict({"rate": 0.25, "samples": 6, "seed": 11})
    model = MaskedEncoder(cfg.rate, nnx.Rngs(0))
    return make_mc_masks(model, cfg)(jnp.ones((2, 4)))
