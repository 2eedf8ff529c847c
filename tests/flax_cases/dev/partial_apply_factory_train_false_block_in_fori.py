# label: ok
# flax-error: none
# class: 4 the same jitted `partial(model.apply, mutable=["batch_stats"])` factory when every call passes train=False: the fori_loop lambda reads running averages
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        return nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        block = Block()
        x = block(x, False)
        return jax.lax.fori_loop(0, 3, lambda i, h: block(h, train), x)


def make_step(model):
    forward = functools.partial(model.apply, mutable=["batch_stats"])
    return jax.jit(lambda variables, x: forward(variables, x, train=False))


def main():
    model = Net()
    variables = model.init(jax.random.key(0), jnp.ones((2, 4)), train=False)
    jax.tree.map(lambda a: a + 0, variables)
    out = make_step(model)(variables, jnp.ones((2, 4)))
    jax.tree.map(lambda a: a + 0, out)
