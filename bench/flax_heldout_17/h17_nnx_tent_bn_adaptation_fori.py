# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the fori_loop body calls self.model, the adapter's attribute, in train mode; its BatchNorm layers sit in Stage -> ConvBlock inside nnx.List containers
"""Test-time adaptation of BatchNorm statistics for an NNX CNN on shifted data."""
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


class Stage(nnx.Module):
    def __init__(self, cin, cout, *, rngs: nnx.Rngs):
        self.blocks = nnx.List([ConvBlock(cin, cout, rngs=rngs), ConvBlock(cout, cout, rngs=rngs)])

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return nnx.avg_pool(x, (2, 2), (2, 2))


class SmallCNN(nnx.Module):
    def __init__(self, cfg: CNNConfig, *, rngs: nnx.Rngs):
        chans = (cfg.in_channels,) + cfg.widths
        self.stages = nnx.List([Stage(a, b, rngs=rngs) for a, b in zip(chans[:-1], chans[1:])])
        self.head = nnx.Linear(cfg.widths[-1], cfg.num_classes, rngs=rngs)

    def __call__(self, x):
        for stage in self.stages:
            x = stage(x)
        return self.head(x.mean(axis=(1, 2)))


class TestTimeAdapter:
    def __init__(self, model: SmallCNN, num_passes: int = 1):
        self.model = model
        self.num_passes = num_passes

    def adapt(self, batches):
        self.model.train()

        def body(i, carry):
            self.model(batches[i % batches.shape[0]])
            return carry

        jax.lax.fori_loop(0, self.num_passes * batches.shape[0], body, 0)
        self.model.eval()
        return self.model


def main():
    cfg = CNNConfig()
    model = SmallCNN(cfg, rngs=nnx.Rngs(0))
    shifted = 0.5 + 2.0 * jax.random.normal(jax.random.key(1), (3, 2, 8, 8, 3))
    adapted = TestTimeAdapter(model).adapt(shifted)
    print(jnp.argmax(adapted(shifted[0]), -1))
    return None
