# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level calibrate() helper calls the classifier in the fori_loop body; the BatchNorm inside each ResBlock of the Encoder runs in training mode
"""Re-estimating BatchNorm statistics of a small NNX ResNet on calibration batches."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class NetConfig:
    in_dim: int = 6
    width: int = 8
    num_blocks: int = 2
    num_classes: int = 3


class ResBlock(nnx.Module):
    def __init__(self, width, *, rngs):
        self.fc1 = nnx.Linear(width, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(width, width, rngs=rngs)

    def __call__(self, x):
        return x + self.fc2(nnx.relu(self.norm(self.fc1(x))))


class Encoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.stem = nnx.Linear(cfg.in_dim, cfg.width, rngs=rngs)
        self.blocks = nnx.List([ResBlock(cfg.width, rngs=rngs) for _ in range(cfg.num_blocks)])

    def __call__(self, x):
        x = self.stem(x)
        for block in self.blocks:
            x = block(x)
        return x


class Classifier(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.encoder = Encoder(cfg, rngs=rngs)
        self.head = nnx.Linear(cfg.width, cfg.num_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.encoder(x))


def calibrate(model, batches):
    model.train()

    def body(i, total):
        logits = model(batches[i])
        return total + jnp.mean(logits)

    total = jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
    model.eval()
    return total / batches.shape[0]


def main():
    cfg = NetConfig()
    model = Classifier(cfg, rngs=nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (4, 5, cfg.in_dim))
    calibrate(model, batches)
    logits = model(batches[0])
    assert logits.shape == (5, cfg.num_classes)
    return None
