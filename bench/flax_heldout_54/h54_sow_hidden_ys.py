# label: ok
# flax-error: none
# class: 3 the hidden states leave the raw lax.scan as ys and are sown once after the loop
"""The hidden-state question after the answer: return them from the scan as ys, then sow."""
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
            return h, h

        h, hs = jax.lax.scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)
        self.sow("intermediates", "hidden", hs)
        return h


def main():
    model = RNN()
    xs = jnp.ones((7, 2, 3))
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    (hidden * 2.0).block_until_ready()
    return None
