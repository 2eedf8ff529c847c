# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nnx.Dropout layers holding the model's rngs sit in an MLPBlock inside an nnx.List of the classifier, called from the scan body of a module-level mc_predictive helper
"""MC-dropout predictive distribution for an NNX classifier."""
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
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.fc2 = nnx.Linear(width, width, rngs=rngs)

    def __call__(self, x):
        return x + self.fc2(self.drop(nnx.gelu(self.fc1(self.norm(x)))))


class Classifier(nnx.Module):
    def __init__(self, cfg: MCConfig, *, rngs: nnx.Rngs):
        self.stem = nnx.Linear(cfg.in_dim, cfg.width, rngs=rngs)
        self.blocks = nnx.List([MLPBlock(cfg.width, cfg.rate, rngs=rngs) for _ in range(cfg.depth)])
        self.head = nnx.Linear(cfg.width, cfg.num_classes, rngs=rngs)

    def __call__(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = block(h)
        return self.head(h)


def mc_predictive(model, x, num_samples):
    model.train()

    def body(carry, _):
        return carry, jax.nn.softmax(model(x))

    _, probs = jax.lax.scan(body, None, None, length=num_samples)
    return probs


def main():
    cfg = MCConfig()
    model = Classifier(cfg, rngs=nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(2), (5, cfg.in_dim))
    probs = mc_predictive(model, x, cfg.num_samples)
    print("predictive std", probs.std(0).mean())
    return probs
