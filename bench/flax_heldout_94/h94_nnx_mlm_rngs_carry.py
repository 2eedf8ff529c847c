# label: ok
# flax-error: none
# class: 3 the nnx.Rngs object is passed as the jax.lax.scan carry and returned from the body
"""Same MLM corruption scan; the nnx.Rngs object is passed in the carry (it is a pytree), so the
counter advanced in one step is what the next step sees."""
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
    graphdef, params = nnx.split(model)
    rngs = nnx.Rngs(mask=1)
    batches = jax.random.randint(jax.random.PRNGKey(3), (4, 2, 6), 2, VOCAB)

    def corrupt_and_score(carry, tokens):
        rngs, total = carry
        mask = jax.random.bernoulli(rngs.mask(), 0.15, tokens.shape)
        logits = nnx.merge(graphdef, params)(jnp.where(mask, MASK_ID, tokens))
        return (rngs, total + logits.mean()), mask

    (rngs, total), masks = scan(corrupt_and_score, (rngs, 0.0), batches)
    return masks
