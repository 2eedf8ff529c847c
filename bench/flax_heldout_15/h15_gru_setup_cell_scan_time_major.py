# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 GRUCell and head bound in setup, self.cell used in the body of `from jax.lax import scan`
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class GRUTagger(nn.Module):
    hidden: int = 24
    num_tags: int = 5

    def setup(self):
        self.cell = nn.GRUCell(self.hidden)
        self.head = nn.Dense(self.num_tags)

    def __call__(self, xs):
        # xs is time-major: (time, batch, features)
        h0 = jnp.zeros(xs.shape[1:-1] + (self.hidden,))

        def step(h, x):
            h, y = self.cell(h, x)
            return h, self.head(y)

        _, tags = scan(step, h0, xs)
        return tags


def main():
    model = GRUTagger()
    xs = jax.random.normal(jax.random.key(0), (7, 3, 6))
    variables = model.init(jax.random.key(1), xs)
    tags = model.apply(variables, xs)
    tags.block_until_ready()
    return None
