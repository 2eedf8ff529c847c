# label: ok
# flax-error: none
# class: 3 the same fori_loop over the BatchNorm blocks after `model.eval()`: running averages are only read
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.norm = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return x + self.norm(self.fc(x))


class Net(nnx.Module):
    def __init__(self, rngs):
        self.blocks = nnx.List([Block(rngs) for _ in range(2)])

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def calibrate(model, batches):
    model.eval()
    def body(i, total):
        return total + model(batches[i]).mean()
    total = jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
    model.eval()
    return total


def main():
    total = calibrate(Net(nnx.Rngs(0)), jnp.ones((3, 2, 4)))
    jax.tree.map(lambda a: a + 0, total)
