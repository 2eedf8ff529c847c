# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.param for the recurrent kernel created inside the scan step
import flax.linen as nn
import jax
import jax.numpy as jnp


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))

        def step(h, x):
            w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
            h = jnp.tanh(x @ w_in + h @ w_hh)
            return h, h

        return jax.lax.scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)


def main():
    xs = jnp.ones((5, 2, 3))
    rnn = ElmanRNN()
    params = rnn.init(jax.random.PRNGKey(0), xs)
    rnn.apply(params, xs)
