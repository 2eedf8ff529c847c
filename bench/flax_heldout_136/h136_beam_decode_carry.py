# label: ok
# flax-error: none
# class: 2 params and cache are locals of search(); the cache enters and leaves each step through the scan carry via apply(mutable=['cache'])
"""Beam search over the same cached decoder, the loop written outside the module.

Each step calls `model.apply` with the current cache and `mutable=['cache']` and puts the
returned cache back into the carry.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn

VOCAB, FEATURES, MAX_LEN, BEAM = 11, 16, 6, 3


class CachedAttention(nn.Module):
    features: int
    max_len: int

    @nn.compact
    def __call__(self, x):  # x: [beam, features]
        initialized = self.has_variable('cache', 'keys')
        keys = self.variable('cache', 'keys', jnp.zeros, (x.shape[0], self.max_len, self.features))
        index = self.variable('cache', 'index', lambda: jnp.array(0, jnp.int32))
        k = nn.Dense(self.features, name='key')(x)
        q = nn.Dense(self.features, name='query')(x)
        if initialized:
            i = index.value
            keys.value = lax.dynamic_update_slice(keys.value, k[:, None, :], (0, i, 0))
            index.value = i + 1
        weights = nn.softmax(jnp.einsum('bf,btf->bt', q, keys.value))
        return jnp.einsum('bt,btf->bf', weights, keys.value)


class Decoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, FEATURES)
        self.attn = CachedAttention(FEATURES, MAX_LEN)
        self.out = nn.Dense(VOCAB)

    def __call__(self, tokens):
        return self.out(self.attn(self.embed(tokens)))


def search(model, params, cache, tokens, scores):
    def body(carry, _):
        cache, tokens, scores = carry
        logits, mutated = model.apply({'params': params, 'cache': cache}, tokens, mutable=['cache'])
        logp = jax.nn.log_softmax(logits)
        cand = (scores[:, None] + logp).reshape(-1)
        scores, flat = lax.top_k(cand, BEAM)
        tokens = flat % VOCAB
        return (mutated['cache'], tokens, scores), tokens

    (cache, _, scores), seqs = lax.scan(body, (cache, tokens, scores), None, length=MAX_LEN - 1)
    return seqs, scores


def main():
    model = Decoder()
    tokens = jnp.zeros((BEAM,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), tokens)
    scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs, scores = search(model, variables['params'], variables['cache'], tokens, scores)
    seqs.block_until_ready()
    return None
