# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 greedy_decode(decoder, ...) runs decoder.apply with nothing mutable in a while_loop body; the decoder handed in is Transliterator(decode=True), whose decode branch writes its cache
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, WIDTH, STEPS = 9, 6, 4


class Transliterator(nn.Module):
    decode: bool = False

    @nn.compact
    def __call__(self, chars):
        x = nn.Embed(VOCAB, WIDTH)(chars)
        if self.decode:
            ready = self.has_variable("cache", "history")
            history = self.variable("cache", "history", jnp.zeros, x[:, 0].shape)
            if ready:
                history.value = 0.5 * history.value + x[:, 0]
            return nn.Dense(VOCAB)(history.value)
        return nn.Dense(VOCAB)(x.mean(axis=1))


def greedy_decode(decoder, params, cache, chars):
    def body(state):
        i, chars = state
        logits = decoder.apply({"params": params, "cache": cache}, jax.lax.dynamic_slice_in_dim(chars, i, 1, axis=1))
        return i + 1, chars.at[:, i + 1].set(logits.argmax(-1))

    return jax.lax.while_loop(lambda s: s[0] < STEPS, body, (0, chars))[1]


def main():
    chars = jnp.ones((2, STEPS + 1), jnp.int32)
    trainer_model = Transliterator()
    params = trainer_model.init(jax.random.key(0), chars)["params"]
    decoder = Transliterator(decode=True)
    cache = decoder.init(jax.random.key(0), chars[:, :1])["cache"]
    greedy_decode(decoder, params, cache, chars).block_until_ready()
    return None
