# label: ok
# flax-error: none
# class: 2 the key local to mlm_losses goes into the while_loop body, which rebuilds nnx.Rngs(mask=fold_in(key, i)) every step
"""BERT-style masked-language-model loss over a stack of batches, walked with a while_loop;
the 15% token mask is drawn per batch from a fresh nnx.Rngs. Returns the masks."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax

MASK_ID = 0


class TinyMLM(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.enc = nnx.Linear(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tokens):
        return self.out(nnx.gelu(self.enc(self.embed(tokens))))


def random_mask(tokens, rngs, p=0.15):
    mask = jax.random.bernoulli(rngs.mask(), p, tokens.shape)
    return jnp.where(mask, MASK_ID, tokens), mask


def mlm_losses(model, batches, seed):
    n = batches.shape[0]
    key = jax.random.key(seed)

    def cond(state):
        return state[0] < n

    def body(state):
        i, losses, masks = state
        rngs = nnx.Rngs(mask=jax.random.fold_in(key, i))
        corrupted, mask = random_mask(batches[i], rngs)
        ce = optax.softmax_cross_entropy_with_integer_labels(model(corrupted), batches[i])
        loss = jnp.sum(ce * mask) / jnp.maximum(mask.sum(), 1)
        return i + 1, losses.at[i].set(loss), masks.at[i].set(mask)

    init = (0, jnp.zeros(n), jnp.zeros(batches.shape, bool))
    _, losses, masks = lax.while_loop(cond, body, init)
    return losses, masks


def main():
    model = TinyMLM(50, 16, nnx.Rngs(0))
    batches = jax.random.randint(jax.random.key(1), (6, 4, 12), 1, 50)
    losses, masks = mlm_losses(model, batches, seed=42)
    print(losses)
    return masks
