# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 self.sow("intermediates", ...) called inside the body of a raw lax.scan in the module's __call__
"""'Intermediate values from sow are tracers': an Elman RNN that sows its hidden state every step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
lax = jax.lax


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        wx = nn.Dense(self.hidden)
        wh = nn.Dense(self.hidden, use_bias=False)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        wh(h0)
        wx(xs[0])

        def step(h, x):
            h = jnp.tanh(wx(x) + wh(h))
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = lax.scan(step, h0, xs)
        return nn.Dense(1)(h)


def main():
    model = ElmanRNN()
    xs = jnp.ones((5, 2, 3))
    params = model.init(jax.random.key(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    jnp.linalg.norm(hidden, axis=-1).block_until_ready()
    return None
