# label: ok
# flax-error: none
# class: 1 closure in NNX __call__ threads memory through the lax.scan carry; Variable written after
"""Neural Turing Machine in NNX: memory matrix stored as a custom Variable on the module."""
import jax
import jax.numpy as jnp
from flax import nnx


class Memory(nnx.Variable):
    pass


class NTM(nnx.Module):
    def __init__(self, in_dim, n_slots=8, width=6, hidden=16, *, rngs):
        self.controller = nnx.Linear(in_dim + width, hidden, rngs=rngs)
        self.key_head = nnx.Linear(hidden, width, rngs=rngs)
        self.erase_head = nnx.Linear(hidden, width, rngs=rngs)
        self.add_head = nnx.Linear(hidden, width, rngs=rngs)
        self.memory = Memory(jnp.full((n_slots, width), 1e-3))
        self.width = width

    def __call__(self, xs):
        def step(carry, x):
            read, mem = carry
            h = nnx.relu(self.controller(jnp.concatenate([x, read])))
            k = self.key_head(h)
            sim = mem @ k / (jnp.linalg.norm(mem, axis=-1) * jnp.linalg.norm(k) + 1e-6)
            w = jax.nn.softmax(5.0 * sim)
            mem = mem * (1 - jnp.outer(w, nnx.sigmoid(self.erase_head(h)))) + jnp.outer(w, jnp.tanh(self.add_head(h)))
            return (w @ mem, mem), h

        (_, mem), hs = jax.lax.scan(step, (jnp.zeros(self.width), self.memory.value), xs)
        self.memory.value = mem
        return hs


def main():
    model = NTM(4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (10, 4))
    model(xs).block_until_ready()
    return None
