# label: ok
# flax-error: none
# class: 4 the model is split into graphdef and state, the state is the scan carry, and an adapt_step helper merges it, runs the train-mode forward pass and splits it again under jax.jit
"""Test-time BatchNorm adaptation where the NNX state is threaded through lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CNNConfig:
    in_channels: int = 3
    widths: tuple = (8, 16)
    num_classes: int = 10


class ConvBlock(nnx.Module):
    def __init__(self, cin, cout, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(cin, cout, (3, 3), use_bias=False, rngs=rngs)
        self.norm = nnx.BatchNorm(cout, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.conv(x)))


class SmallCNN(nnx.Module):
    def __init__(self, cfg: CNNConfig, *, rngs: nnx.Rngs):
        chans = (cfg.in_channels,) + cfg.widths
        self.blocks = nnx.List([ConvBlock(a, b, rngs=rngs) for a, b in zip(chans[:-1], chans[1:])])
        self.head = nnx.Linear(cfg.widths[-1], cfg.num_classes, rngs=rngs)

    def __call__(self, x):
        for block in self.blocks:
            x = nnx.avg_pool(block(x), (2, 2), (2, 2))
        return self.head(x.mean(axis=(1, 2)))


def adapt_step(graphdef, state, x):
    model = nnx.merge(graphdef, state)
    model(x)
    return nnx.split(model)[1]


@jax.jit
def _scan_adapt(graphdef, state, batches):
    def body(state, x):
        return adapt_step(graphdef, state, x), None

    state, _ = jax.lax.scan(body, state, batches)
    return state


def adapt(model, batches):
    model.train()
    graphdef, state = nnx.split(model)
    state = _scan_adapt(graphdef, state, batches)
    nnx.update(model, state)
    model.eval()
    return model


def main():
    cfg = CNNConfig()
    model = SmallCNN(cfg, rngs=nnx.Rngs(0))
    shifted = 0.5 + 2.0 * jax.random.normal(jax.random.key(1), (3, 2, 8, 8, 3))
    adapt(model, shifted)
    print(jnp.argmax(model(shifted[0]), -1))
    return None
