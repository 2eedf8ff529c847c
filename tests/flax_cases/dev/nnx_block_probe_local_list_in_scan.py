# label: ok
# flax-error: none
# class: 4 the same Probe called in the scan body when it appends to a list it builds inside the call
import jax
import jax.numpy as jnp
from flax import nnx


class Probe(nnx.Module):
    def __init__(self):
        self.records = []

    def __call__(self, h):
        stats = []; stats.append(h.mean())
        return h


class Block(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.probe = Probe()

    def __call__(self, x):
        return x + self.probe(self.fc(x))


def evaluate(model, batches):
    def body(total, x):
        return total + model(x).mean(), None
    return jax.lax.scan(body, jnp.zeros(()), batches)[0]


def main():
    model = Block(nnx.Rngs(0))
    total = evaluate(model, jnp.ones((3, 2, 4)))
    jax.tree.map(lambda a: a + 0, total)
    print(len(model.probe.records))
