# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 `model.train()` just before a fori_loop whose body calls the model; its nnx.List of blocks holds BatchNorm layers
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
    model.train()
    def body(i, total):
        return total + model(batches[i]).mean()
    total = jax.lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))
    model.eval()
    return total


def main():
    total = calibrate(Net(nnx.Rngs(0)), jnp.ones((3, 2, 4)))
    jax.tree.map(lambda a: a + 0, total)
