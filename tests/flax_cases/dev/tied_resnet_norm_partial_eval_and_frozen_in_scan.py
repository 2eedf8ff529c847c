# label: ok
# flax-error: none
# class: 3 the ResNet `norm` partial when every run evaluates (train=False), and a block frozen on running averages, called once then in a scan
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class ResBlock(nn.Module):
    features: int
    norm: type

    @nn.compact
    def __call__(self, x):
        return x + self.norm()(nn.Dense(self.features)(x))


class TiedResNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        norm = partial(nn.BatchNorm, use_running_average=not train)
        block = ResBlock(8, norm=norm)
        x = block(x)
        return jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)[0]


class FrozenResNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        block = ResBlock(8, norm=partial(nn.BatchNorm, use_running_average=True))
        x = block(x)
        return jax.lax.scan(lambda h, _: (block(h), None), x, None, length=3)[0]


def evaluate(variables, x):
    return TiedResNet().apply(variables, x, train=False)


def main():
    x = jnp.ones((4, 8))
    variables = TiedResNet().init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    jax.tree.map(lambda a: a + 0, evaluate(variables, x))
    frozen = FrozenResNet()
    frozen_vars = frozen.init(jax.random.key(1), x)
    jax.tree.map(lambda a: a + 0, frozen_vars)
    jax.tree.map(lambda a: a + 0, frozen.apply(frozen_vars, x))
