# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/MultiHeadDotProductAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the decode cache reaches a jax.checkpoint-wrapped scan body built by make_step_fn; the step applies with mutable=["intermediates"] only
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB, D, MAX_LEN, BEAM = 9, 8, 5, 3


class Decoder(nn.Module):
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, D)(tokens)
        x = x + nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=D,
                                                decode=self.decode)(nn.LayerNorm()(x))
        logits = nn.Dense(VOCAB)(x)
        self.sow("intermediates", "logit_norm", jnp.linalg.norm(logits))
        return logits


def make_step_fn(model, params):
    @jax.checkpoint
    def step(carry, _):
        tokens, scores, cache = carry
        logits, _ = model.apply({"params": params, "cache": cache}, tokens[:, None],
                                mutable=["intermediates"])
        logp = jax.nn.log_softmax(logits[:, -1])
        cand = (scores[:, None] + logp).reshape(-1)
        top_scores, top_idx = lax.top_k(cand, BEAM)
        beam_idx, tok = top_idx // VOCAB, (top_idx % VOCAB).astype(jnp.int32)
        cache = jax.tree.map(lambda c: c[beam_idx] if c.ndim > 0 else c, cache)
        return (tok, top_scores, cache), (tok, beam_idx)
    return step


def beam_search(model, params, cache):
    init = (jnp.zeros((BEAM,), jnp.int32), jnp.array([0.0] + [-1e9] * (BEAM - 1)), cache)
    (tok, scores, _), (toks, parents) = lax.scan(make_step_fn(model, params), init, None,
                                                 length=MAX_LEN - 1)
    return toks, scores


def main():
    dummy = jnp.zeros((BEAM, MAX_LEN), jnp.int32)
    params = Decoder().init(jax.random.key(0), dummy)["params"]
    decoder = Decoder(decode=True)
    cache = decoder.init(jax.random.key(1), dummy)["cache"]
    toks, scores = jax.jit(beam_search, static_argnums=0)(decoder, params, cache)
    assert toks.shape == (MAX_LEN - 1, BEAM)
    return None
