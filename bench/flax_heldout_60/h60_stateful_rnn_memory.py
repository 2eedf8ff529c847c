# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "memory" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 RNN keeps its hidden state in a self.variable('memory'); apply called per step in a raw fori_loop
"""Stateful (Keras `stateful=True` style) Elman RNN: the hidden state lives in a 'memory'
collection between calls, and the driver feeds one frame per fori_loop iteration."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class StatefulRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x):
        h = self.variable("memory", "h", jnp.zeros, (x.shape[0], self.hidden))
        new_h = jnp.tanh(nn.Dense(self.hidden)(x) + nn.Dense(self.hidden, use_bias=False)(h.value))
        h.value = new_h
        return new_h


def main():
    model = StatefulRNN()
    frames = jnp.ones((7, 2, 3))
    variables = model.init(jax.random.key(0), frames[0])

    def body(t, acc):
        y = model.apply(variables, frames[t])
        return acc + y.sum()

    total = jax.lax.fori_loop(0, frames.shape[0], body, 0.0)
    print(total)
    return None
