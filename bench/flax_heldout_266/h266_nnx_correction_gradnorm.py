# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 6 (24 B)
# class: 2 gradient_norms' fori_loop body passes its local model argument to nnx.grad of the loss at every step
"""OCR post-correction: monitor gradient norms of the character-correction model across batches."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class CharCorrector(nnx.Module):
    def __init__(self, vocab: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(vocab, vocab, rngs=rngs)

    def __call__(self, one_hot_chars):
        return self.mix(one_hot_chars)


def correction_loss(model, noisy, clean):
    logits = model(noisy)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.sum(logp * clean, axis=-1))


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(leaf ** 2) for leaf in jax.tree.leaves(tree)))


def gradient_norms(model, noisy_batches, clean_batches):
    def body(i, norms):
        grads = nnx.grad(correction_loss)(model, noisy_batches[i], clean_batches[i])
        return norms.at[i].set(global_norm(grads))

    return lax.fori_loop(0, noisy_batches.shape[0], body, jnp.zeros(noisy_batches.shape[0]))


def character_batches(vocab=6, batches=3, length=5):
    clean_ids = jnp.arange(batches * length).reshape(batches, length) % vocab
    noisy_ids = (clean_ids + (clean_ids % 3 == 0)) % vocab
    return jax.nn.one_hot(noisy_ids, vocab), jax.nn.one_hot(clean_ids, vocab)


def main():
    noisy, clean = character_batches()
    model = CharCorrector(6, nnx.Rngs(0))
    norms = gradient_norms(model, noisy, clean)
    jax.block_until_ready(norms)
