# label: ok
# flax-error: none
# class: 4 BatchNorm inside a ResBlock inside the Backbone only reads batch_stats (use_running_average) in the scan body of evaluate(), run by a jitted partial(apply, method=)
"""Small ResNet: evaluation over a stack of held-out batches."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ResNetConfig:
    width: int = 8
    num_blocks: int = 2
    num_classes: int = 3
    eval_batches: int = 4


class ResBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        h = nn.Dense(self.width)(h)
        return x + h


class Backbone(nn.Module):
    config: ResNetConfig

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.config.width, name="stem")(x)
        for i in range(self.config.num_blocks):
            x = ResBlock(self.config.width, name=f"block_{i}")(x, train)
        return x


class ResNet(nn.Module):
    config: ResNetConfig

    def setup(self):
        self.backbone = Backbone(self.config)
        self.head = nn.Dense(self.config.num_classes)

    def __call__(self, x, train: bool = False):
        return self.head(self.backbone(x, train))

    def evaluate(self, xs, labels):
        def body(correct, batch):
            x, y = batch
            logits = self.head(self.backbone(x, train=False))
            return correct + jnp.sum(jnp.argmax(logits, -1) == y), None

        correct, _ = jax.lax.scan(body, jnp.zeros((), jnp.int32), (xs, labels))
        return correct / labels.size


def make_eval_step(model):
    return jax.jit(functools.partial(model.apply, method=ResNet.evaluate))


def main():
    config = ResNetConfig()
    model = ResNet(config)
    key = jax.random.key(0)
    xs = jax.random.normal(key, (config.eval_batches, 5, 6))
    labels = jnp.arange(config.eval_batches * 5).reshape(config.eval_batches, 5) % 3
    variables = model.init(key, xs[0], train=True)
    variables = jax.tree.map(lambda a: a + 0, variables)
    eval_step = make_eval_step(model)
    accuracy = eval_step(variables, xs, labels)
    assert 0.0 <= float(accuracy) <= 1.0
    return None
