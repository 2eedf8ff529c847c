# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow('intermediates', ...) called inside the lax.scan body of a compact method, storing a scan tracer in the collection
"""Collect hidden states of an RNN for probing with sow, while the
recurrence is a plain jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ProbedRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.SimpleCell(self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)
        carry, _ = cell(carry, xs[0])

        def step(carry, x):
            carry, y = cell(carry, x)
            self.sow("intermediates", "hidden", y)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs[1:])
        return ys


def main():
    model = ProbedRNN()
    xs = jnp.ones((5, 2, 4))
    params = model.init(jax.random.key(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None
