# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param for a learned gate declared inside the lax.scan body of a compact __call__
import jax
import jax.numpy as jnp
from flax import linen as nn


class GatedRecurrentDecoder(nn.Module):
    hidden: int = 12
    out_dim: int = 3

    @nn.compact
    def __call__(self, z, length):
        inp = nn.Dense(self.hidden, name="inp")
        out = nn.Dense(self.out_dim, name="out")
        h0 = nn.tanh(inp(z))
        out(h0)

        def body(h, _):
            gate = self.param("gate", nn.initializers.ones, (self.hidden,))
            h = jax.nn.sigmoid(gate) * h + (1 - jax.nn.sigmoid(gate)) * jnp.tanh(h)
            return h, out(h)

        _, ys = jax.lax.scan(body, h0, None, length=length)
        return jnp.swapaxes(ys, 0, 1)


def main():
    model = GatedRecurrentDecoder()
    z = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), z, 6)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, z, 6)
    return None
