# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a ResNet block given `functools.partial(nn.BatchNorm, use_running_average=not train)` as a positional field, called once then in a scan lambda; train_step applies train=True with mutable batch_stats
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ResBlock(nn.Module):
    features: int
    norm: type = nn.BatchNorm

    @nn.compact
    def __call__(self, x):
        return x + self.norm()(nn.Dense(self.features)(x))


class TiedResNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        block = ResBlock(8, functools.partial(nn.BatchNorm, use_running_average=not train))
        x = block(x)
        x, _ = jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)
        return x


def train_step(variables, x):
    return TiedResNet().apply(variables, x, train=True, mutable=["batch_stats"])


def main():
    x = jnp.ones((4, 8))
    variables = TiedResNet().init(jax.random.key(0), x, train=False)
    jax.tree.map(lambda a: a + 0, variables)
    out, updates = train_step(variables, x)
    jax.tree.map(lambda a: a + 0, (out, updates))
