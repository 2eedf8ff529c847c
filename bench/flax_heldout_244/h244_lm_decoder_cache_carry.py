# label: ok
# flax-error: none
# class: 4 GreedyGenerator.generate -> self.lm.step -> module.apply(method="decode_step", mutable=["cache"]); the Decoder's "cache" collection is threaded through the while_loop carry
"""LSTM decoder with a recurrent-state cache, decoded greedily until EOS."""
import jax
import jax.numpy as jnp
from flax import linen as nn

BOS, EOS = 0, 1


class Decoder(nn.Module):
    vocab: int = 10
    hidden: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.LSTMCell(features=self.hidden)
        self.out = nn.Dense(self.vocab)
        self.cache_c = self.variable("cache", "c", jnp.zeros, (self.hidden,))
        self.cache_h = self.variable("cache", "h", jnp.zeros, (self.hidden,))

    def decode_step(self, token):
        carry = (self.cache_c.value, self.cache_h.value)
        (c, h), y = self.cell(carry, self.embed(token))
        self.cache_c.value = c
        self.cache_h.value = h
        return self.out(y)


class LanguageModel:
    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.initial_cache = variables["cache"]

    def step(self, cache, token):
        logits, updated = self.module.apply(
            {"params": self.params, "cache": cache}, token, method="decode_step", mutable=["cache"]
        )
        return logits, updated["cache"]


class GreedyGenerator:
    def __init__(self, lm, max_len=8, eos_id=EOS):
        self.lm = lm
        self.max_len = max_len
        self.eos_id = eos_id

    def generate(self, bos_token):
        def cond(state):
            i, token, _, _ = state
            return (i < self.max_len) & (token != self.eos_id)

        def body(state):
            i, token, cache, out = state
            logits, cache = self.lm.step(cache, token)
            next_token = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, next_token, cache, out.at[i].set(next_token)

        init = (0, bos_token, self.lm.initial_cache, jnp.full((self.max_len,), self.eos_id, jnp.int32))
        _, _, _, tokens = jax.lax.while_loop(cond, body, init)
        return tokens


def main():
    module = Decoder()
    bos = jnp.array(BOS, jnp.int32)
    variables = module.init(jax.random.PRNGKey(42), bos, method="decode_step")
    generator = GreedyGenerator(LanguageModel(module, variables))
    tokens = generator.generate(bos)
    jax.block_until_ready(tokens)
    return None
