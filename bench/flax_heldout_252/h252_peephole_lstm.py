# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,40] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls self.cell, a submodule attribute whose Dense parameters are first created inside the step during init
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan as lax_scan


class PeepholeLSTMCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, carry, x):
        c, h = carry
        gates = nn.Dense(4 * self.features, name="input")(x) + nn.Dense(4 * self.features, use_bias=False, name="hidden")(h)
        peep = self.param("peephole", nn.initializers.zeros_init(), (3, self.features))
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        i = nn.sigmoid(i + peep[0] * c)
        f = nn.sigmoid(f + peep[1] * c + 1.0)
        c = f * c + i * jnp.tanh(g)
        o = nn.sigmoid(o + peep[2] * c)
        h = o * jnp.tanh(c)
        return (c, h), h

    def initial_carry(self, batch):
        zeros = jnp.zeros((batch, self.features))
        return zeros, zeros


class SequenceRegressor(nn.Module):
    features: int = 10

    def setup(self):
        self.cell = PeepholeLSTMCell(self.features)
        self.readout = nn.Dense(1)

    def __call__(self, xs):
        carry = self.cell.initial_carry(xs.shape[1])

        def body(carry, x):
            return self.cell(carry, x)

        _, hs = lax_scan(body, carry, xs)
        return self.readout(hs)[..., 0]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (7, 3, 5))
    model = SequenceRegressor()
    variables = model.init(jax.random.PRNGKey(1), xs)
    preds = model.apply(variables, xs)
    jax.block_until_ready(preds)
