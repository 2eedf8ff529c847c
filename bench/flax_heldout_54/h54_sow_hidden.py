# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow is called inside the raw lax.scan body to record every hidden state
"""'How do I get all hidden states of my RNN?' -- the user sows inside the scan body and then
reads the intermediates collection after apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        w_x = self.param("w_x", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))

        def step(h, x):
            h = jnp.tanh(h @ w_h + x @ w_x)
            self.sow("intermediates", "hidden", h)
            return h, None

        h, _ = jax.lax.scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)
        return h


def main():
    model = RNN()
    xs = jnp.ones((7, 2, 3))
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    (hidden * 2.0).block_until_ready()
    return None
