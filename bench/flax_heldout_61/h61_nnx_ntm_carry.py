# label: ok
# flax-error: none
# class: 2 the bound method self.step is the jax.lax.scan body but takes the memory matrix in its carry; the Variable is assigned once after the scan
"""Neural Turing Machine in NNX: a recurrent controller reads and writes a memory matrix that
persists across calls (kept on the module as a Variable)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Memory(nnx.Variable):
    pass


class NTM(nnx.Module):
    def __init__(self, din, slots, width, *, rngs: nnx.Rngs):
        self.controller = nnx.Linear(din + width, 3 * width, rngs=rngs)
        self.memory = Memory(jnp.full((slots, width), 1e-6))

    def step(self, carry, x):
        read, M = carry
        key, erase, add = jnp.split(self.controller(jnp.concatenate([x, read])), 3)
        w = jax.nn.softmax(M @ key)
        M = M * (1.0 - jnp.outer(w, jax.nn.sigmoid(erase))) + jnp.outer(w, jnp.tanh(add))
        new_read = w @ M
        return (new_read, M), new_read

    def __call__(self, xs):
        read0 = jnp.zeros((self.memory.shape[1],))
        (_, M), reads = scan(self.step, (read0, self.memory[...]), xs)
        self.memory[...] = M
        return reads


def main():
    model = NTM(3, 8, 4, rngs=nnx.Rngs(0))
    xs = jnp.sin(jnp.arange(18.0)).reshape(6, 3)
    model(xs)
    return None
