# label: ok
# flax-error: none
# class: 3 the same setup Block layers run once by a `for` loop before the scan, then looped over in the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)

class Stack(nn.Module):
    def setup(self):
        self.layers = [Block() for _ in range(3)]

    def __call__(self, xs):
        h0 = xs[0]
        for layer in self.layers:
            h0 = layer(h0)
        def step(h, x):
            for layer in self.layers:
                h = layer(h) + x
            return h, h
        return lax.scan(step, h0, xs)


def main():
    xs = jnp.ones((5, 4))
    model = Stack()
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, xs)
