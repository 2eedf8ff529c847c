# label: ok
# flax-error: none
# class: 4 t5x-style decoding: tokens_to_logits calls model.apply(..., mutable=["cache"]) and the cache rides in the while_loop state
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, D, MAX_LEN = 10, 8, 6


class CachedDecoder(nn.Module):
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        h = nn.Embed(VOCAB, D)(tokens)
        if self.decode:
            is_init = not self.has_variable("cache", "acc")
            acc = self.variable("cache", "acc", jnp.zeros, h.shape)
            if not is_init:
                acc.value = acc.value + h
                h = acc.value
        return nn.Dense(VOCAB)(h)


def greedy_decode(tokens_to_logits, start, cache, max_len):
    def cond(state):
        i, _, _, _ = state
        return i < max_len

    def body(state):
        i, token, out, cache = state
        logits, cache = tokens_to_logits(token, cache)
        token = jnp.argmax(logits[:, -1], -1)[:, None]
        out = out.at[:, i].set(token[:, 0])
        return i + 1, token, out, cache

    out = jnp.zeros((start.shape[0], max_len), jnp.int32)
    _, _, out, cache = jax.lax.while_loop(cond, body, (0, start, out, cache))
    return out, cache


def main():
    model = CachedDecoder(decode=True)
    start = jnp.ones((2, 1), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), start)
    params, cache = variables["params"], variables["cache"]

    def tokens_to_logits(token, cache):
        logits, mutated = model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
        return logits, mutated["cache"]

    out, cache = jax.jit(greedy_decode, static_argnums=(0, 3))(tokens_to_logits, start, cache, MAX_LEN)
    out2, _ = greedy_decode(tokens_to_logits, out[:, -1:], cache, 2)
    print(out, out2)
    return None
