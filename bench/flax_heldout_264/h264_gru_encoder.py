# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the encoder's `self.cell` (a GRUCell built in setup) is called in the raw scan body of the encoder's own __call__, first during init
"""Sequence VAE: a GRU encoder summarises a sequence into the posterior parameters."""
import jax
import jax.numpy as jnp
from flax import linen as nn

LATENT = 2
HIDDEN = 8


class SeqEncoder(nn.Module):
    hidden: int = HIDDEN
    latent: int = LATENT

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.to_stats = nn.Dense(2 * self.latent)

    def __call__(self, xs):
        # xs: [batch, time, features]
        batch, _, features = xs.shape
        carry = self.cell.initialize_carry(jax.random.key(0), (batch, features))

        def step(carry, x_t):
            carry, out = self.cell(carry, x_t)
            return carry, out

        carry, _ = jax.lax.scan(step, carry, jnp.swapaxes(xs, 0, 1))
        mu, logvar = jnp.split(self.to_stats(carry), 2, axis=-1)
        return mu, logvar


def main():
    xs = jnp.linspace(-1.0, 1.0, 2 * 5 * 3).reshape(2, 5, 3)
    encoder = SeqEncoder()
    variables = encoder.init(jax.random.key(42), xs)
    mu, logvar = encoder.apply(variables, xs)
    jax.block_until_ready((mu, logvar))
    return None
