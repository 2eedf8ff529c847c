# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a ResNet block given `norm=partial(nn.BatchNorm, use_running_average=not train)` as a field is called once, then in a scan body; train_step applies train=True with mutable batch_stats
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn

ModuleDef = Any


class ResBlock(nn.Module):
    features: int
    norm: ModuleDef

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        y = self.norm(scale_init=nn.initializers.zeros_init())(y)
        return x + nn.relu(y)


class TiedResNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9)
        block = ResBlock(8, norm=norm)
        x = block(x)
        def body(h, _):
            return block(h), None
        return jax.lax.scan(body, x, None, length=3)[0]


def train_step(variables, x):
    return TiedResNet().apply(variables, x, train=True, mutable=["batch_stats"])


def main():
    x = jnp.ones((4, 8))
    variables = TiedResNet().init(jax.random.key(0), x, train=False)
    jax.tree.map(lambda a: a + 0, variables)
    out, updates = train_step(variables, x)
    jax.tree.map(lambda a: a + 0, (out, updates))
