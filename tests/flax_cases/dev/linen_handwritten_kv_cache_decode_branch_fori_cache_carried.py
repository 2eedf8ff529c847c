# label: ok
# flax-error: none
# class: 2 a module-level greedy decoder gets the model built with decode=True; its fori_loop body applies it with the cache mutable and carries the updated cache
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB, WIDTH, MAX_LEN = 13, 16, 8


class TinyLM(nn.Module):
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        h = nn.Embed(VOCAB, WIDTH)(tokens)
        if self.decode:
            ready = self.has_variable("cache", "memory")
            memory = self.variable("cache", "memory", jnp.zeros, (tokens.shape[0], MAX_LEN, WIDTH))
            position = self.variable("cache", "position", lambda: jnp.array(0, jnp.int32))
            if ready:
                memory.value = lax.dynamic_update_slice(memory.value, h, (0, position.value, 0))
                position.value = position.value + 1
            h = h + memory.value.mean(axis=1, keepdims=True)
        else:
            h = h + h.mean(axis=1, keepdims=True)
        return nn.Dense(VOCAB)(h)


def greedy(model, params, cache, prompt):
    def body(i, carry):
        tokens, cache = carry
        current = lax.dynamic_slice(tokens, (0, i), (tokens.shape[0], 1))
        logits, updated = model.apply({"params": params, "cache": cache}, current, mutable=["cache"])
        chosen = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return lax.dynamic_update_slice(tokens, chosen, (0, i + 1)), updated["cache"]

    tokens = jnp.zeros((prompt.shape[0], MAX_LEN), jnp.int32).at[:, :1].set(prompt)
    return lax.fori_loop(0, MAX_LEN - 1, body, (tokens, cache))[0]


def main():
    model = TinyLM(decode=True)
    prompt = jnp.ones((2, 1), jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    out = greedy(model, variables["params"], variables["cache"], prompt)
    out.block_until_ready()
    return None
