# label: ok
# flax-error: none
# class: 3 a helper does a pure model.apply(..., mutable=['cache']) and the cache collection is carried through a fori_loop inside jax.jit
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, DIM, MAX_LEN = 12, 8, 5


class DecoderBlock(nn.Module):
    @nn.compact
    def __call__(self, x, decode=False):
        h = nn.Dense(DIM, name="proj")(x)
        if decode:
            is_init = self.has_variable("cache", "keys")
            keys = self.variable("cache", "keys", jnp.zeros, (x.shape[0], MAX_LEN, DIM))
            index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
            if is_init:
                keys.value = jax.lax.dynamic_update_slice(keys.value, h, (0, index.value, 0))
                index.value = index.value + 1
            h = h + keys.value.mean(axis=1, keepdims=True)
        return nn.LayerNorm(name="norm")(h)


class Transformer(nn.Module):
    @nn.compact
    def __call__(self, tokens, decode=False):
        x = nn.Embed(VOCAB, DIM, name="embed")(tokens)
        x = DecoderBlock(name="block_0")(x, decode)
        x = DecoderBlock(name="block_1")(x, decode)
        return nn.Dense(VOCAB, name="lm_head")(x)


def decode_step(model, params, cache, tokens):
    logits, updated = model.apply({"params": params, "cache": cache}, tokens,
                                  decode=True, mutable=["cache"])
    return jnp.argmax(logits[:, -1], -1).astype(jnp.int32), updated["cache"]


@functools.partial(jax.jit, static_argnums=0)
def generate(model, params, cache, prompt):
    out = jnp.zeros((prompt.shape[0], MAX_LEN), jnp.int32)

    def body(i, state):
        tok, cache, out = state
        nxt, cache = decode_step(model, params, cache, tok[:, None])
        return nxt, cache, out.at[:, i].set(nxt)

    _, cache, out = jax.lax.fori_loop(0, MAX_LEN, body, (prompt, cache, out))
    return out, cache


def main():
    model = Transformer()
    toks = jnp.ones((3, 1), jnp.int32)
    variables = model.init(jax.random.key(1), toks, decode=True)
    out, cache = generate(model, variables["params"], variables["cache"], toks[:, 0])
    jax.tree.map(lambda a: a + 0, (out, cache))
    return None
