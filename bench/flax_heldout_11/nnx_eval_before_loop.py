# label: ok
# flax-error: none
# class: 2 model.eval() called outside, BatchNorm and Dropout then read-only inside a fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(8, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.do = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x):
        return self.do(nnx.relu(self.bn(self.fc(x))))


block = Block(nnx.Rngs(0))


def main():
    block.eval()  # moved this out of the loop as suggested
    x = jnp.ones((4, 8))
    y = jax.lax.fori_loop(0, 3, lambda i, h: block(h), x)
    print(y.shape)
    return None
