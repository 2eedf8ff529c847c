# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.GRUCell constructed inside an inline scan body of a compact __call__
# "I replaced my python for loop with lax.scan to make it faster and now init blows up"
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def body(h, x):
            # was: for t in range(T): h, _ = nn.GRUCell(self.hidden)(h, xs[t])
            h, y = nn.GRUCell(features=self.hidden, name="cell")(h, x)
            return h, y

        h, ys = jax.lax.scan(body, h0, xs)
        return ys


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 3))  # time, batch, feat
    variables = model.init(jax.random.PRNGKey(0), xs)
    print(jax.tree_util.tree_map(jnp.shape, variables))
    out = model.apply(variables, xs)
    print(out.sum())
    return None
