# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a cell class defined in the same file is instantiated inside the raw scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


class PeepholeCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x):
        gate = nn.sigmoid(nn.Dense(self.hidden)(jnp.concatenate([h, x], -1)))
        cand = nn.tanh(nn.Dense(self.hidden)(x))
        return gate * h + (1 - gate) * cand


class SequenceModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = PeepholeCell(self.hidden)(h, x)
            return h, h

        return jax.lax.scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)


def main():
    xs = jnp.ones((5, 2, 3))
    model = SequenceModel()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
