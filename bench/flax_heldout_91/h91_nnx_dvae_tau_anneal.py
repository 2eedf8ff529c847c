# label: trace-context
# flax-error: TraceContextError: Cannot mutate AnnealCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the Gumbel-softmax quantizer anneals its temperature by writing an nnx.Variable call counter each time it is called inside the raw scan closure of the decoder's __call__
"""Discrete VAE with Gumbel-softmax latents (DALL-E dVAE style temperature annealing): an
autoregressive decoder samples one categorical code per position; the quantizer anneals tau with
the number of times it has been called."""
import jax
import jax.numpy as jnp
from flax import nnx


class AnnealCount(nnx.Variable):
    pass


class GumbelQuantizer(nnx.Module):
    def __init__(self, tau0=1.0, tau_min=0.1, rate=1e-3):
        self.calls = AnnealCount(jnp.zeros((), jnp.int32))
        self.tau0, self.tau_min, self.rate = tau0, tau_min, rate

    def __call__(self, logits, key):
        tau = jnp.maximum(self.tau_min, self.tau0 * jnp.exp(-self.rate * self.calls.value))
        self.calls.value += 1
        g = jax.random.gumbel(key, logits.shape)
        return jax.nn.softmax((logits + g) / tau)


class ARDecoder(nnx.Module):
    def __init__(self, n_codes=16, hidden=32, length=6, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_codes, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.logits = nnx.Linear(hidden, n_codes, rngs=rngs)
        self.quantizer = GumbelQuantizer()
        self.length = length
        self.hidden = hidden

    def __call__(self, key, batch):
        def step(h, k):
            z = self.quantizer(self.logits(h), k)
            h, _ = self.cell(h, self.embed(z))
            return h, z

        keys = jax.random.split(key, self.length)
        _, codes = jax.lax.scan(step, jnp.zeros((batch, self.hidden)), keys)
        return codes


def main():
    decoder = ARDecoder(rngs=nnx.Rngs(0))
    codes = decoder(jax.random.PRNGKey(3), 4)
    codes.block_until_ready()
    return None
