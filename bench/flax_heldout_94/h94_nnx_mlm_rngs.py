# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.Rngs object created outside is closed over and called for the masking key inside a jax.lax.scan body
"""MLM data pipeline in NNX: the corruption step over a stack of batches runs in jax.lax.scan
and draws the masking key from an nnx.Rngs made before the loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

VOCAB, MASK_ID = 32, 1


class Encoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, 8, rngs=rngs)
        self.out = nnx.Linear(8, VOCAB, rngs=rngs)

    def __call__(self, tokens):
        return self.out(self.embed(tokens))


def main():
    model = Encoder(rngs=nnx.Rngs(0))
    rngs = nnx.Rngs(mask=1)
    batches = jax.random.randint(jax.random.PRNGKey(3), (4, 2, 6), 2, VOCAB)

    def corrupt_and_score(total, tokens):
        mask = jax.random.bernoulli(rngs.mask(), 0.15, tokens.shape)
        logits = model(jnp.where(mask, MASK_ID, tokens))
        return total + logits.mean(), mask

    total, masks = scan(corrupt_and_score, 0.0, batches)
    return masks
