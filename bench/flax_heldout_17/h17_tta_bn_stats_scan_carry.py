# label: ok
# flax-error: none
# class: 1 batch_stats are the scan carry and model.apply(train=True, mutable=['batch_stats']) is called inline in the body
"""Test-time BatchNorm recalibration where the statistics are the scan carry."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class NetConfig:
    widths: tuple = (8, 16)
    num_classes: int = 10


class ConvBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.features, (3, 3), use_bias=False)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class SmallCNN(nn.Module):
    cfg: NetConfig

    @nn.compact
    def __call__(self, x, train: bool = False):
        for w in self.cfg.widths:
            x = ConvBlock(w)(x, train)
            x = nn.avg_pool(x, (2, 2), (2, 2))
        return nn.Dense(self.cfg.num_classes)(x.mean(axis=(1, 2)))


def recalibrate(model, variables, test_batches):
    params = variables["params"]

    def body(batch_stats, x):
        _, mutated = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                 train=True, mutable=["batch_stats"])
        return mutated["batch_stats"], None

    batch_stats, _ = jax.lax.scan(body, variables["batch_stats"], test_batches)
    return {"params": params, "batch_stats": batch_stats}


def main():
    cfg = NetConfig()
    model = SmallCNN(cfg)
    variables = model.init(jax.random.key(0), jnp.ones((2, 8, 8, 3)))
    shifted = 0.5 + 2.0 * jax.random.normal(jax.random.key(1), (4, 2, 8, 8, 3))
    adapted = jax.jit(recalibrate, static_argnums=0)(model, variables, shifted)
    logits = model.apply(adapted, shifted[0])
    print(jnp.argmax(logits, -1))
    return None
