# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 BatchNorm inside a ResBlock inside the Backbone updates batch_stats in the scan body of accumulate(), run by a jitted partial(apply, method=, mutable=)
"""Small ResNet trained with gradient accumulation over micro-batches."""
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
    micro_batches: int = 4


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

    def accumulate(self, micro_xs, micro_ys):
        def body(total, batch):
            x, y = batch
            logits = self.head(self.backbone(x, train=True))
            loss = -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))
            return total + loss, None

        total, _ = jax.lax.scan(body, jnp.zeros(()), (micro_xs, micro_ys))
        return total / micro_xs.shape[0]


def make_train_step(model):
    loss_and_state = functools.partial(model.apply, method=ResNet.accumulate, mutable=["batch_stats"])

    @jax.jit
    def train_step(variables, micro_xs, micro_ys):
        loss, updates = loss_and_state(variables, micro_xs, micro_ys)
        return loss, {**variables, **updates}

    return train_step


def main():
    config = ResNetConfig()
    model = ResNet(config)
    key = jax.random.key(0)
    xs = jax.random.normal(key, (config.micro_batches, 5, 6))
    ys = jax.nn.one_hot(jnp.arange(config.micro_batches * 5).reshape(config.micro_batches, 5) % 3, 3)
    variables = model.init(key, xs[0])
    train_step = make_train_step(model)
    loss, variables = train_step(variables, xs, ys)
    jax.tree.map(lambda a: a + 0, variables)
    return None
