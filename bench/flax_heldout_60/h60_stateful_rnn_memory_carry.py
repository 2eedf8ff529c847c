# label: ok
# flax-error: none
# class: 2 'memory' collection made mutable in apply and threaded through the raw fori_loop carry
"""Stateful Elman RNN whose hidden state lives in a 'memory' collection; the driver makes the
collection mutable and carries the returned memory to the next fori_loop iteration."""
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
    params = variables["params"]

    def body(t, carry):
        memory, acc = carry
        y, upd = model.apply({"params": params, "memory": memory}, frames[t], mutable=["memory"])
        return upd["memory"], acc + y.sum()

    memory, total = jax.lax.fori_loop(0, frames.shape[0], body, (variables["memory"], 0.0))
    print(total)
    return None
