# label: ok
# flax-error: none
# class: 1 the recurrent weights are created with self.param before the raw lax.scan and the step only reads them through its closure
"""Elman RNN ported from a PyTorch loop, after the fix suggested in review: declare the
weights once, outside the step, and let the scanned step close over the arrays."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        # xs: (time, batch, features)
        w_ih = self.param("w_ih", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        b = self.param("b", nn.initializers.zeros_init(), (self.hidden,))

        def step(h, x):
            h = jnp.tanh(x @ w_ih + h @ w_hh + b)
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h_last, hs = jax.lax.scan(step, h0, xs)
        return hs, h_last


def main():
    model = ElmanRNN()
    xs = jnp.ones((12, 4, 8))
    variables = model.init(jax.random.PRNGKey(0), xs)
    hs, h_last = model.apply(variables, xs)
    jnp.mean(hs).block_until_ready()
