# label: ok
# flax-error: none
# class: 1 the draft head's own propose() draws one 'draft' key before jax.lax.scan and the body folds the candidate index into it
import jax
import jax.numpy as jnp
import flax.linen as nn


class DraftHead(nn.Module):
    """Small head that proposes candidate next tokens for speculative sampling."""
    vocab: int = 32
    temperature: float = 1.0

    def setup(self):
        self.proj = nn.Dense(32)
        self.out = nn.Dense(self.vocab)

    def logits(self, h):
        return self.out(nn.silu(self.proj(h))) / self.temperature

    def __call__(self, h):
        return self.logits(h)

    def propose(self, h, num_candidates: int):
        logits = self.logits(h)
        base_key = self.make_rng("draft")

        def draw(carry, idx):
            key = jax.random.fold_in(base_key, idx)
            k_tok, k_acc = jax.random.split(key)
            token = jax.random.categorical(k_tok, logits, axis=-1)
            logp = jnp.take_along_axis(jax.nn.log_softmax(logits), token[..., None], axis=-1)[..., 0]
            u = jax.random.uniform(k_acc, token.shape)
            return carry, {"token": token, "logp": logp, "accept_u": u}

        _, candidates = jax.lax.scan(draw, None, jnp.arange(num_candidates))
        return candidates


def main():
    head = DraftHead()
    hidden = jnp.ones((1, 16)) * 0.1
    params = head.init(jax.random.key(0), hidden)
    return head.apply(params, hidden, 5, method=DraftHead.propose, rngs={"draft": jax.random.key(7)})
