# label: ok
# flax-error: none
# class: 5 the decode cache is returned from apply(..., mutable=['cache']) and threaded through the while_loop carry
"""Beam search for a captioning decoder with an autoregressive cache; the updated cache comes back
from apply(mutable=['cache']) and travels in the while_loop state."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, D, MAXLEN, BEAM = 30, 16, 6, 3
EOS = 2


class CachedDecoder(nn.Module):
    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(VOCAB, D)(tok)
        keys = self.variable("cache", "keys", jnp.zeros, (tok.shape[0], MAXLEN + 1, D))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        k = nn.Dense(D, name="key")(x)
        keys.value = keys.value.at[:, index.value].set(k)
        index.value = index.value + 1
        q = nn.Dense(D, name="query")(x)
        att = jax.nn.softmax(jnp.einsum("bd,btd->bt", q, keys.value), axis=-1)
        ctx = jnp.einsum("bt,btd->bd", att, keys.value)
        return nn.Dense(VOCAB, name="logits")(ctx + x)


def beam_search(model, params, cache, start):
    scores0 = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs0 = jnp.zeros((BEAM, MAXLEN), jnp.int32)

    def cond(state):
        i, tok, scores, seqs, cache = state
        return (i < MAXLEN) & ~jnp.all(tok == EOS)

    def body(state):
        i, tok, scores, seqs, cache = state
        logits, mutated = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        cache = mutated["cache"]
        logp = jax.nn.log_softmax(logits) + scores[:, None]
        top, flat = jax.lax.top_k(logp.reshape(-1), BEAM)
        beam_idx, nxt = flat // VOCAB, flat % VOCAB
        seqs = seqs[beam_idx].at[:, i].set(nxt)
        cache = jax.tree.map(lambda c: c[beam_idx] if c.ndim else c, cache)
        return i + 1, nxt, top, seqs, cache

    state = (0, start, scores0, seqs0, cache)
    return jax.lax.while_loop(cond, body, state)[3]


def main():
    model = CachedDecoder()
    start = jnp.ones((BEAM,), jnp.int32)
    variables = model.init(jax.random.key(0), start)
    params, cache = variables["params"], variables["cache"]
    cache = jax.tree.map(jnp.zeros_like, cache)
    seqs = beam_search(model, params, cache, start)
    seqs.block_until_ready()
    return None
