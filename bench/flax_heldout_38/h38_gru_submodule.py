# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a GRUCell submodule is first called inside the raw lax.scan step, so its params are created inside the scan during init
"""Character-level GRU language model. The cell is defined in the compact method and run
over the sequence with lax.scan, the way the PyTorch version loops over nn.GRUCell."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class CharGRU(nn.Module):
    vocab: int = 40
    hidden: int = 32

    @nn.compact
    def __call__(self, tokens):
        # tokens: (batch, time)
        x = nn.Embed(self.vocab, 16)(tokens)
        cell = nn.GRUCell(features=self.hidden)
        carry = jnp.zeros((tokens.shape[0], self.hidden))

        def step(carry, x_t):
            carry, y = cell(carry, x_t)
            return carry, y

        _, ys = lax.scan(step, carry, jnp.swapaxes(x, 0, 1))
        return nn.Dense(self.vocab)(jnp.swapaxes(ys, 0, 1))


def main():
    model = CharGRU()
    tokens = jnp.zeros((2, 10), dtype=jnp.int32)
    params = model.init(jax.random.PRNGKey(0), tokens)["params"]
    logits = model.apply({"params": params}, tokens)
    jnp.sum(logits).block_until_ready()
