# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "slots" in "/" because collection "memory" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a factory returns a step function closing over model.apply(variables, method=...) that writes the model's "memory" collection; the raw fori_loop body calls it
"""Factory that returns step functions for a memory-augmented model."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MemoryNet(nn.Module):
    slots: int = 4
    dim: int = 6

    def setup(self):
        self.read_proj = nn.Dense(self.dim)
        self.memory = self.variable("memory", "slots", lambda: jnp.zeros((self.slots, self.dim)))

    def __call__(self, x):
        attn = jax.nn.softmax(self.memory.value @ x)
        return self.read_proj(attn @ self.memory.value + x)

    def write(self, x):
        y = self(x)
        self.memory.value = jnp.roll(self.memory.value, 1, axis=0).at[0].set(y)
        return y


def make_step_fn(model, variables):
    def step_fn(x):
        return model.apply(variables, x, method=model.write)
    return step_fn


def run_episode(step_fn, x0, length):
    def body(i, x):
        return step_fn(x)
    return lax.fori_loop(0, length, body, x0)


def main():
    model = MemoryNet()
    x0 = jnp.ones((6,))
    variables = model.init(jax.random.key(0), x0)
    run_episode(make_step_fn(model, variables), x0, 5)
    return None
