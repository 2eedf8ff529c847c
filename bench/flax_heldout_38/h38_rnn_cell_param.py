# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 self.param for the recurrent weights is called inside the raw lax.scan step, so init creates the params inside the scan trace
"""Elman RNN ported from a PyTorch loop (`for x_t in x: h = tanh(W_ih x_t + W_hh h + b)`).

The weights are declared where PyTorch would use them, in the step function, which runs
inside jax.lax.scan during `init`.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        # xs: (time, batch, features)
        def step(h, x):
            w_ih = self.param("w_ih", nn.initializers.lecun_normal(), (x.shape[-1], self.hidden))
            w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
            b = self.param("b", nn.initializers.zeros_init(), (self.hidden,))
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
