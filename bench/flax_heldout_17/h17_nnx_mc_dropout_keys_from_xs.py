# label: ok
# flax-error: none
# class: 4 per-sample dropout keys enter as scan xs and are handed Classifier -> MLPBlock -> nnx.Dropout(rngs=key) down the call chain
"""MC-dropout uncertainty for an NNX classifier with explicit per-sample dropout keys."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MCConfig:
    in_dim: int = 12
    width: int = 32
    depth: int = 2
    num_classes: int = 4
    rate: float = 0.3
    num_samples: int = 8


class MLPBlock(nnx.Module):
    def __init__(self, width, rate, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(width, rngs=rngs)
        self.fc1 = nnx.Linear(width, width, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.fc2 = nnx.Linear(width, width, rngs=rngs)

    def __call__(self, x, key):
        h = nnx.gelu(self.fc1(self.norm(x)))
        return x + self.fc2(self.drop(h, deterministic=False, rngs=key))


class Classifier(nnx.Module):
    def __init__(self, cfg: MCConfig, *, rngs: nnx.Rngs):
        self.stem = nnx.Linear(cfg.in_dim, cfg.width, rngs=rngs)
        self.blocks = nnx.List([MLPBlock(cfg.width, cfg.rate, rngs=rngs) for _ in range(cfg.depth)])
        self.head = nnx.Linear(cfg.width, cfg.num_classes, rngs=rngs)

    def __call__(self, x, key):
        h = self.stem(x)
        for i, block in enumerate(self.blocks):
            h = block(h, jax.random.fold_in(key, i))
        return self.head(h)


def mc_predictive(model, x, key, num_samples):
    keys = jax.random.split(key, num_samples)

    def body(carry, k):
        return carry, jax.nn.softmax(model(x, k))

    _, probs = jax.lax.scan(body, None, keys)
    return probs


def main():
    cfg = MCConfig()
    rngs = nnx.Rngs(params=0, dropout=1)
    model = Classifier(cfg, rngs=rngs)
    x = jax.random.normal(jax.random.key(2), (5, cfg.in_dim))
    probs = mc_predictive(model, x, rngs.dropout(), cfg.num_samples)
    print("predictive std", probs.std(0).mean())
    return probs
