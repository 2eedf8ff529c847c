# label: ok
# flax-error: none
# class: 3 the lifted nn.while_loop with carry_variables=["cache"] drives a decode step method that writes the cache, under apply(mutable=["cache"])
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    vocab: int = 10
    dim: int = 8
    max_len: int = 5

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        self.index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))

    def __call__(self, tok):
        return self.embed.attend(self.embed(tok))

    def decode_step(self, state):
        tok, out = state
        i = self.index.value
        self.keys.value = self.keys.value.at[i].set(self.embed(tok))
        self.index.value = i + 1
        ctx = jnp.sum(self.keys.value, axis=0) / (i + 1)
        nxt = jnp.argmax(self.embed.attend(ctx)).astype(jnp.int32)
        return nxt, out.at[i].set(nxt)

    def generate(self, bos):
        def cond_fn(mdl, state):
            return mdl.index.value < self.max_len

        def body_fn(mdl, state):
            return mdl.decode_step(state)

        init = (bos, jnp.zeros((self.max_len,), jnp.int32))
        return nn.while_loop(cond_fn, body_fn, self, init, carry_variables=["cache"])[1]


def main():
    model = Decoder()
    bos = jnp.array(2, jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    toks, cache = model.apply(variables, bos, method=Decoder.generate, mutable=["cache"])
    assert int(cache["cache"]["index"]) == 5
    return None
