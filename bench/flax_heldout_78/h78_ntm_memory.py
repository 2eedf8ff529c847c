# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 NTM step method scanned with raw lax.scan writes the memory matrix held in a 'memory' variable
"""Neural Turing Machine with content-based addressing; memory kept as a Flax variable."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NTM(nn.Module):
    n_slots: int = 8
    width: int = 6
    hidden: int = 16

    def setup(self):
        self.controller = nn.Dense(self.hidden)
        self.key_head = nn.Dense(self.width)
        self.erase_head = nn.Dense(self.width)
        self.add_head = nn.Dense(self.width)
        self.memory = self.variable("memory", "M", lambda: jnp.full((self.n_slots, self.width), 1e-3))

    def address(self, key):
        mem = self.memory.value
        sim = mem @ key / (jnp.linalg.norm(mem, axis=-1) * jnp.linalg.norm(key) + 1e-6)
        return jax.nn.softmax(5.0 * sim)

    def step(self, read, x):
        h = nn.relu(self.controller(jnp.concatenate([x, read])))
        w = self.address(self.key_head(h))
        erase = nn.sigmoid(self.erase_head(h))
        add = jnp.tanh(self.add_head(h))
        mem = self.memory.value * (1 - jnp.outer(w, erase)) + jnp.outer(w, add)
        self.memory.value = mem
        return w @ mem, h

    def __call__(self, xs):
        read0 = jnp.zeros(self.width)
        self.step(read0, xs[0])
        _, hs = jax.lax.scan(self.step, read0, xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.key(0), (10, 4))
    model = NTM()
    variables = model.init(jax.random.key(1), xs)
    hs, state = model.apply(variables, xs, mutable=["memory"])
    state["memory"]["M"].sum().block_until_ready()
    return None
