# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a decoder with a 'cache' collection applied inside a hand-written raw while_loop beam search without mutable
"""Hand-written beam search over a cached decoder, the decode step applied like an inference-only call."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 11
    dim: int = 8

    @nn.compact
    def __call__(self, tok):  # tok: (beams,)
        emb = nn.Embed(self.vocab, self.dim)(tok)
        state = self.variable("cache", "state", jnp.zeros, (tok.shape[0], self.dim))
        h = jnp.tanh(nn.Dense(self.dim)(emb) + state.value)
        state.value = h
        return nn.Dense(self.vocab)(h)


def beam_search(model, variables, beams, max_len):
    def cond(st):
        return st[0] < max_len

    def body(st):
        t, tokens, scores = st
        logits = model.apply(variables, tokens[:, t])
        logp = jax.nn.log_softmax(logits) + scores[:, None]
        flat = logp.reshape(-1)
        top, idx = jax.lax.top_k(flat, beams)
        parent, tok = idx // logits.shape[-1], idx % logits.shape[-1]
        tokens = tokens[parent].at[:, t + 1].set(tok)
        return t + 1, tokens, top

    init = (0, jnp.zeros((beams, max_len + 1), jnp.int32), jnp.zeros((beams,)))
    _, tokens, scores = jax.lax.while_loop(cond, body, init)
    return tokens, scores


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((3,), jnp.int32))
    tokens, scores = beam_search(model, variables, 3, 5)
    tokens.block_until_ready()
    return None
