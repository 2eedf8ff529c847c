# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 LSTM cell built in the compact method, first called through a lambda scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


class Tagger(nn.Module):
    hidden: int = 8
    tags: int = 4

    @nn.compact
    def __call__(self, xs):
        cell = nn.OptimizedLSTMCell(self.hidden)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        _, hs = jax.lax.scan(lambda c, x: cell(c, x), carry, xs)
        return nn.Dense(self.tags)(hs)


def main():
    xs = jnp.ones((7, 2, 5))
    tagger = Tagger()
    variables = tagger.init(jax.random.PRNGKey(0), xs)
    tagger.apply(variables, xs)
