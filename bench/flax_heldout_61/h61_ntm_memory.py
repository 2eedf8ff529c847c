# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "M" in "/" because collection "memory" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the bound method self.step is the jax.lax.scan body and writes the 'memory' collection variable; the episode is applied without mutable
"""Neural Turing Machine with a feed-forward controller: content-addressed read, erase and add per step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class NTM(nn.Module):
    slots: int = 8
    width: int = 4

    def setup(self):
        self.controller = nn.Dense(3 * self.width)
        self.memory = self.variable("memory", "M", lambda: jnp.full((self.slots, self.width), 1e-6))

    def step(self, read, ctrl):
        key, erase, add = jnp.split(ctrl, 3)
        M = self.memory.value
        w = jax.nn.softmax(M @ key)
        M = M * (1.0 - jnp.outer(w, jax.nn.sigmoid(erase))) + jnp.outer(w, jnp.tanh(add))
        self.memory.value = M
        new_read = w @ M
        return new_read, new_read

    def __call__(self, xs):  # xs: (T, width)
        ctrl = self.controller(xs)
        read0 = jnp.zeros((self.width,))
        _, reads = scan(self.step, read0, ctrl)
        return reads


def fresh_memory(slots=8, width=4):
    return {"M": jnp.full((slots, width), 1e-6)}


def main():
    model = NTM()
    xs = jnp.sin(jnp.arange(24.0)).reshape(6, 4)
    params = model.init(jax.random.key(0), xs)["params"]
    reads = model.apply({"params": params, "memory": fresh_memory()}, xs)
    return None
