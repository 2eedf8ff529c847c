# label: ok
# flax-error: none
# class: 4 Generator splits self.model; the state (with the nnx.Cache of self.model.attn) goes through the fori_loop carry and is merged before decode(...)
"""Greedy token-by-token decoding from a tiny NNX transformer with a key/value cache held in
nnx.Cache variables; the decode loop is a raw jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAXLEN = 17, 16, 12


class CachedAttention(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(D, 3 * D, rngs=rngs)
        self.out = nnx.Linear(D, D, rngs=rngs)
        self.cached_k = nnx.Cache(jnp.zeros((MAXLEN, D)))
        self.cached_v = nnx.Cache(jnp.zeros((MAXLEN, D)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3)
        i = self.index.value
        self.cached_k.value = jax.lax.dynamic_update_slice(self.cached_k.value, k[None], (i, 0))
        self.cached_v.value = jax.lax.dynamic_update_slice(self.cached_v.value, v[None], (i, 0))
        self.index.value = i + 1
        scores = jnp.where(jnp.arange(MAXLEN) <= i, self.cached_k.value @ q / jnp.sqrt(D), -1e9)
        return self.out(jax.nn.softmax(scores) @ self.cached_v.value)


class TinyLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.attn = CachedAttention(rngs)
        self.norm = nnx.LayerNorm(D, rngs=rngs)
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)

    def decode(self, token):
        x = self.embed(token)
        return self.head(self.norm(x + self.attn(x)))


class Generator:
    def __init__(self, model):
        self.model = model

    def generate(self, token, steps):
        tokens = jnp.zeros(steps, jnp.int32)
        graphdef, state = nnx.split(self.model)

        def body(t, carry):
            token, state, tokens = carry
            model = nnx.merge(graphdef, state)
            token = jnp.argmax(model.decode(token)).astype(jnp.int32)
            return token, nnx.state(model), tokens.at[t].set(token)

        _, state, tokens = jax.lax.fori_loop(0, steps, body, (token, state, tokens))
        nnx.update(self.model, state)
        return tokens


def main():
    generator = Generator(TinyLM(nnx.Rngs(0)))
    generator.generate(jnp.array(2, jnp.int32), 8)
    return None


if __name__ == "__main__":
    main()
