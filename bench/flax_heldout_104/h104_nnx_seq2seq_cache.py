# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Decoder.generate initialises the attention cache of its own self.attn and runs the while_loop whose body decodes through it
"""Autoregressive decoding with nnx.MultiHeadAttention(decode=True): the cache is initialised
with init_cache and tokens are generated one at a time in a raw while_loop until max_len."""
import jax
import jax.numpy as jnp
from flax import nnx

DIM = 16


class Decoder(nnx.Module):
    def __init__(self, vocab, max_len, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, DIM, rngs=rngs)
        self.cross = nnx.Linear(DIM, DIM, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(num_heads=2, in_features=DIM, qkv_features=DIM,
                                           decode=True, rngs=rngs)
        self.out = nnx.Linear(DIM, vocab, rngs=rngs)
        self.max_len = max_len

    def generate(self, memory, bos):
        self.attn.init_cache((1, self.max_len, DIM))

        def cond(state):
            return state[0] < self.max_len

        def body(state):
            i, tok, out = state
            x = self.embed(tok)[None, None, :] + self.cross(memory)
            h = self.attn(x)
            nxt = jnp.argmax(self.out(h[0, 0])).astype(jnp.int32)
            return i + 1, nxt, out.at[i].set(nxt)

        init = (0, jnp.int32(bos), jnp.zeros((self.max_len,), jnp.int32))
        _, _, out = jax.lax.while_loop(cond, body, init)
        return out


def main():
    dec = Decoder(20, 7, nnx.Rngs(0))
    memory = jax.random.normal(jax.random.key(1), (DIM,))
    tokens = dec.generate(memory, bos=1)
    print(tokens)
    return None
