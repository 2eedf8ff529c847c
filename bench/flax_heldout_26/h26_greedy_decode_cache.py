# label: ok
# flax-error: none
# class: 2 decoder apply(..., mutable=['cache']) inside the raw while_loop body; the cache collection travels in the loop carry
# modelled on: t5x decoding.py DecodingState / temperature_sample while_loop (google-research/t5x)
"""Greedy decoding with a tiny cached decoder, written in the t5x loop style."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, MAX_LEN = 11, 6


class TinyDecoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, token):
        embed = nn.Embed(VOCAB, self.dim)
        is_init = self.has_variable("cache", "state")
        state = self.variable("cache", "state", jnp.zeros, (token.shape[0], self.dim))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        h = jnp.tanh(embed(token) + nn.Dense(self.dim)(state.value))
        if is_init:
            state.value = h
            index.value = index.value + 1
        return nn.Dense(VOCAB)(h)


def greedy_decode(model, params, cache, bos):
    def cond(loop_state):
        i, _, _, _ = loop_state
        return i < MAX_LEN

    def body(loop_state):
        i, token, cache, out = loop_state
        logits, mutated = model.apply({"params": params, "cache": cache}, token,
                                      mutable=["cache"])
        token = jnp.argmax(logits, -1)
        return i + 1, token, mutated["cache"], out.at[:, i].set(token)

    out = jnp.zeros((bos.shape[0], MAX_LEN), jnp.int32)
    init = (jnp.int32(0), bos, cache, out)
    _, _, cache, out = jax.lax.while_loop(cond, body, init)
    return out, cache


def main():
    model = TinyDecoder()
    bos = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    out, cache = greedy_decode(model, variables["params"], variables["cache"], bos)
    assert out.shape == (2, MAX_LEN)
    steps_taken = cache["index"] + 0
    assert int(steps_taken) == MAX_LEN
    return None
