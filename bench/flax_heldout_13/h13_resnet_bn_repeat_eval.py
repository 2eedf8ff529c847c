# label: ok
# flax-error: none
# class: 4 a shared residual block with BatchNorm in eval mode (use_running_average set before the loop) applied in a jax.checkpoint-wrapped lax.scan body
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ResidualBlock(nn.Module):
    features: int
    norm: type

    @nn.compact
    def __call__(self, x):
        y = self.norm()(nn.Dense(self.features)(x))
        return x + nn.relu(y)


class TiedResNet(nn.Module):
    features: int = 16
    repeats: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9)
        x = nn.Dense(self.features, name="stem")(x)
        block = ResidualBlock(self.features, norm, name="block")
        x = block(x)

        @jax.checkpoint
        def body(h, _):
            return block(h), None

        x, _ = jax.lax.scan(body, x, None, length=self.repeats)
        return nn.Dense(10, name="head")(x.mean(axis=0, keepdims=True))


def evaluate(model, variables, batches):
    eval_fn = jax.jit(lambda v, b: model.apply(v, b, train=False))
    return [jnp.argmax(eval_fn(variables, b), -1) for b in batches]


def main():
    model = TiedResNet()
    x = jax.random.normal(jax.random.key(1), (8, 5))
    variables = model.init(jax.random.key(0), x, train=False)
    variables = jax.tree.map(lambda a: a + 0, variables)
    preds = evaluate(model, variables, [x, x * 2.0])
    jax.tree.map(lambda a: a + 0, preds)
    return None
