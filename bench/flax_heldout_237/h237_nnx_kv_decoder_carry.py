# label: ok
# flax-error: none
# class: 1 Decoder.generate runs the scan itself; its own state (nnx.Cache variables included) is split, threaded through the scan carry and updated back into self after the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CachedAttention(nnx.Module):
    def __init__(self, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.out = nnx.Linear(dim, dim, rngs=rngs)
        self.cache_k = nnx.Cache(jnp.zeros((batch, max_len, dim)))
        self.cache_v = nnx.Cache(jnp.zeros((batch, max_len, dim)))
        self.index = nnx.Cache(jnp.array(0, dtype=jnp.int32))
        self.max_len = max_len

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index[...]
        self.cache_k[...] = lax.dynamic_update_slice(self.cache_k[...], k, (0, i, 0))
        self.cache_v[...] = lax.dynamic_update_slice(self.cache_v[...], v, (0, i, 0))
        self.index[...] = i + 1
        scores = q @ self.cache_k[...].transpose(0, 2, 1) / jnp.sqrt(q.shape[-1])
        scores = jnp.where(jnp.arange(self.max_len) <= i, scores, -1e9)
        return self.out(jax.nn.softmax(scores, axis=-1) @ self.cache_v[...])


class Decoder(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.attn = CachedAttention(dim, max_len, batch, rngs=rngs)
        self.lm_head = nnx.Linear(dim, vocab, rngs=rngs)

    def decode_step(self, token):
        h = self.embed(token)
        h = h + self.attn(self.norm(h))
        return self.lm_head(h)[:, -1]

    def generate(self, token, steps):
        graphdef, state = nnx.split(self)

        def body(carry, _):
            tok, state = carry
            model = nnx.merge(graphdef, state)
            logits = model.decode_step(tok)
            nxt = jnp.argmax(logits, axis=-1)[:, None]
            return (nxt, nnx.state(model)), nxt[:, 0]

        (last, state), tokens = lax.scan(body, (token, state), None, length=steps)
        nnx.update(self, state)
        return last, tokens.T


def main():
    decoder = Decoder(vocab=16, dim=8, max_len=8, batch=1, rngs=nnx.Rngs(0))
    prompt = jnp.array([[5]], dtype=jnp.int32)
    last, first = decoder.generate(prompt, 3)
    _, second = decoder.generate(last, 2)
    jax.block_until_ready((first, second))
    return None
