# label: ok
# flax-error: none
# class: 4 calibrate() splits the classifier, carries its state through the fori_loop, and a helper merges it in the body so each ResBlock's BatchNorm updates the carried copy
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


def _forward(graphdef, state, x):
    model = nnx.merge(graphdef, state)
    logits = model(x)
    return logits, nnx.state(model)


def calibrate(model, batches):
    model.train()
    graphdef, state = nnx.split(model)

    def body(i, carry):
        state, total = carry
        logits, state = _forward(graphdef, state, batches[i])
        return state, total + jnp.mean(logits)

    state, total = jax.lax.fori_loop(0, batches.shape[0], body, (state, jnp.zeros(())))
    nnx.update(model, state)
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
