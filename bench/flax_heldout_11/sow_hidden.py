# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow called from an RNN body that is a local def bound before the scan
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyRNN(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.SimpleCell(features=4)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        _ = cell(carry, xs[0])  # build params outside

        def body(c, x):
            c, y = cell(c, x)
            self.sow("intermediates", "h", c)
            return c, y

        fn = body
        carry, ys = jax.lax.scan(fn, carry, xs)
        return ys


def main():
    rnn = TinyRNN()
    xs = jnp.ones((6, 2, 3))
    params = rnn.init(jax.random.PRNGKey(0), xs)["params"]
    ys, inter = rnn.apply({"params": params}, xs, mutable=["intermediates"])
    hs = inter["intermediates"]["h"]
    print(len(hs), jnp.stack(hs).shape)
    return None
