# label: ok
# flax-error: none
# class: 4 the base key is folded in with the step counter carried through the jax.lax.scan
"""Same MLM pretraining scan; the step number rides in the carry and both the mask key and the
dropout key are derived with jax.random.fold_in(rng, step)."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

VOCAB, MASK_ID = 32, 1


class TinyMLM(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, tokens, train: bool):
        h = nn.Embed(VOCAB, self.dim)(tokens)
        h = nn.Dropout(0.1, deterministic=not train)(h)
        h = nn.SelfAttention(num_heads=2, deterministic=True)(h)
        return nn.Dense(VOCAB)(h)


def main():
    model = TinyMLM()
    batches = jax.random.randint(jax.random.PRNGKey(5), (4, 2, 6), 2, VOCAB)
    rng, init_rng = jax.random.split(jax.random.PRNGKey(0))
    params = model.init(init_rng, batches[0], train=False)["params"]
    tx = optax.adamw(1e-3)
    opt_state = tx.init(params)

    def train_step(carry, tokens):
        params, opt_state, step = carry
        mask_rng, dropout_rng = jax.random.split(jax.random.fold_in(rng, step))
        mask = jax.random.bernoulli(mask_rng, 0.15, tokens.shape)
        inputs = jnp.where(mask, MASK_ID, tokens)

        def loss_fn(p):
            logits = model.apply({"params": p}, inputs, train=True, rngs={"dropout": dropout_rng})
            ce = optax.softmax_cross_entropy_with_integer_labels(logits, tokens)
            return (ce * mask).sum() / jnp.maximum(mask.sum(), 1)

        grads = jax.grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state, step + 1), mask

    _, masks = jax.lax.scan(train_step, (params, opt_state, 0), batches)
    return masks
