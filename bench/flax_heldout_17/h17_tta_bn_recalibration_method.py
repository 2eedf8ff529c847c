# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Adaptable.recalibrate scans test batches through the backbone in train mode, so the BatchNorm layers inside Stage -> ConvBlock update batch_stats in the body
"""Test-time BatchNorm recalibration on a stream of unlabeled test batches."""
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


class Stage(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = ConvBlock(self.features)(x, train)
        x = ConvBlock(self.features)(x, train)
        return nn.avg_pool(x, (2, 2), (2, 2))


class Adaptable(nn.Module):
    cfg: NetConfig

    def setup(self):
        self.stages = [Stage(w) for w in self.cfg.widths]
        self.head = nn.Dense(self.cfg.num_classes)

    def features(self, x, train: bool):
        for stage in self.stages:
            x = stage(x, train)
        return x.mean(axis=(1, 2))

    def __call__(self, x, train: bool = False):
        return self.head(self.features(x, train))

    def recalibrate(self, test_batches):
        def body(carry, x):
            self.features(x, train=True)
            return carry, None

        jax.lax.scan(body, None, test_batches)
        return None


def main():
    cfg = NetConfig()
    model = Adaptable(cfg)
    source = jnp.ones((2, 8, 8, 3))
    variables = model.init(jax.random.key(0), source)
    shifted = 0.5 + 2.0 * jax.random.normal(jax.random.key(1), (4, 2, 8, 8, 3))
    _, updates = model.apply(variables, shifted, method=Adaptable.recalibrate, mutable=["batch_stats"])
    adapted = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    logits = model.apply(adapted, shifted[0])
    print(jnp.argmax(logits, -1))
    return None
