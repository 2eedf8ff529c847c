# label: ok
# flax-error: none
# class: 1 the stack contents are read before jax.lax.fori_loop, threaded through its carry, and written back to the 'stack' variables after it
"""Continuous (differentiable) stack in the style of Grefenstette et al. 2015."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NeuralStack(nn.Module):
    depth: int = 6
    width: int = 4

    @nn.compact
    def __call__(self, seq):  # seq: (T, width)
        values = self.variable("stack", "values", jnp.zeros, (self.depth, self.width))
        strengths = self.variable("stack", "strengths", jnp.zeros, (self.depth,))
        signals = nn.sigmoid(nn.Dense(2, name="controller")(seq))  # push / pop strengths per step

        def push_pop(t, carry):
            v, s = carry
            push, pop = signals[t, 0], signals[t, 1]
            v = jnp.roll(v, 1, axis=0).at[0].set(seq[t])
            s = jnp.roll(s * (1.0 - pop), 1).at[0].set(push)
            return v, s

        v, s = jax.lax.fori_loop(0, seq.shape[0], push_pop, (values.value, strengths.value))
        values.value, strengths.value = v, s
        read = jnp.sum(values.value * strengths.value[:, None], axis=0)
        return nn.Dense(self.width, name="readout")(read)


def main():
    model = NeuralStack()
    seq = jnp.linspace(-1.0, 1.0, 20).reshape(5, 4)
    variables = model.init(jax.random.key(0), seq)
    out, new_state = model.apply({"params": variables["params"], "stack": variables["stack"]}, seq, mutable=["stack"])
    return None
