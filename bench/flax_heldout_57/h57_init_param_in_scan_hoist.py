# label: ok
# flax-error: none
# class: 1 self.param is created before the raw scan and the body closes over the plain arrays
"""The fix suggested on the issue: declare the weights once, outside the step function, and
let the scan body only read the arrays it closes over."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ScanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        w_x = self.param("w_x", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))

        def step(h, x):
            h = jnp.tanh(x @ w_x + h @ w_h)
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    xs = jnp.ones((6, 2, 4))
    model = ScanRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    hs = model.apply(variables, xs)
    jnp.mean(hs).block_until_ready()
    return None
