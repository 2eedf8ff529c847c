# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.param for the recurrent kernel declared inside the raw lax.scan body, so init creates it under the scan trace
"""Hand-written Elman RNN: the weights are declared where they are used,
inside the time loop, which was turned into lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            w_ih = self.param("w_ih", nn.initializers.lecun_normal(), (x.shape[-1], self.hidden))
            w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
            b = self.param("b", nn.initializers.zeros, (self.hidden,))
            h = jnp.tanh(x @ w_ih + h @ w_hh + b)
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, hs = lax.scan(step, h0, xs)
        return hs


def main():
    model = ElmanRNN()
    xs = jnp.ones((7, 2, 3))
    variables = model.init(jax.random.key(0), xs)
    hs = model.apply(variables, xs)
    hs.block_until_ready()
    return None
