# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/decoder/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 BeamSearch.search scans and reaches the key cache through self.decoder.step -> self.attn
"""Beam search over a tiny decoder with a key cache, the scan written inside a module method.

Modelled on decoding questions where `apply(..., method=...)` is called without
`mutable=['cache']`, so the first cache write in the loop body is refused.
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

    def step(self, tokens):
        return self.out(self.attn(self.embed(tokens)))


class BeamSearch(nn.Module):
    def setup(self):
        self.decoder = Decoder()

    def __call__(self, tokens):
        return self.decoder.step(tokens)

    def search(self, tokens, scores):
        def body(carry, _):
            tokens, scores = carry
            logp = jax.nn.log_softmax(self.decoder.step(tokens))
            cand = (scores[:, None] + logp).reshape(-1)
            scores, flat = lax.top_k(cand, BEAM)
            tokens = flat % VOCAB
            return (tokens, scores), tokens

        (_, scores), seqs = lax.scan(body, (tokens, scores), None, length=MAX_LEN - 1)
        return seqs, scores


def main():
    model = BeamSearch()
    tokens = jnp.zeros((BEAM,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), tokens)
    scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs, scores = model.apply(variables, tokens, scores, method=BeamSearch.search)
    seqs.block_until_ready()
    return None
