# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Encoder.__call__ owns the cell and runs the scan itself, sowing each hidden state from the body
"""Collecting the hidden states of a hand-written RNN for a probing experiment.

Modelled on reports where `self.sow('intermediates', ...)` is called inside a raw lax.scan
body and the sown values are read back from the mutated collection after `apply`.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 6

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)

    def __call__(self, xs):
        carry = self.cell.initialize_carry(jax.random.key(0), xs[0].shape)
        carry, _ = self.cell(carry, xs[0])

        def step(h, x):
            h, _ = self.cell(h, x)
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = jax.lax.scan(step, carry, xs[1:])
        return h


def main():
    model = Encoder()
    xs = jnp.linspace(-1.0, 1.0, 5 * 2 * 3).reshape(5, 2, 3)
    params = model.init(jax.random.key(1), xs)["params"]
    h, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    probe = jnp.mean(hidden, axis=-1)
    jax.block_until_ready(probe)
    return None
