# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the fori_loop body closes over 'stack' collection variables and assigns .value inside the loop; apply is called with mutable=['stack']
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

        def push_pop(t, _):
            push, pop = signals[t, 0], signals[t, 1]
            v = jnp.roll(values.value, 1, axis=0).at[0].set(seq[t])
            s = jnp.roll(strengths.value * (1.0 - pop), 1).at[0].set(push)
            values.value = v
            strengths.value = s
            return None

        jax.lax.fori_loop(0, seq.shape[0], push_pop, None)
        read = jnp.sum(values.value * strengths.value[:, None], axis=0)
        return nn.Dense(self.width, name="readout")(read)


def main():
    model = NeuralStack()
    seq = jnp.linspace(-1.0, 1.0, 20).reshape(5, 4)
    variables = model.init(jax.random.key(0), seq)
    out, new_state = model.apply({"params": variables["params"], "stack": variables["stack"]}, seq, mutable=["stack"])
    return None
