# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the decoder is a local of main that the scan body calls directly, writing its Cache variables
"""Greedy decoding with an NNX decoder that keeps its own key cache, stepped with jax.lax.scan.

Modelled on NNX reports where a decoder with cache Variables is closed over by a raw
scan body, the way one would write it eagerly.
"""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, DIM, MAX_LEN = 10, 8, 5


class Cache(nnx.Variable):
    pass


class CachedDecoder(nnx.Module):
    def __init__(self, batch, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.key_proj = nnx.Linear(DIM, DIM, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.keys = Cache(jnp.zeros((batch, MAX_LEN, DIM)))
        self.index = Cache(jnp.array(0, jnp.int32))

    def __call__(self, token):
        emb = self.embed(token)
        k = self.key_proj(emb)
        self.keys.value = jax.lax.dynamic_update_slice(
            self.keys.value, k[:, None, :], (0, self.index.value, 0)
        )
        self.index.value = self.index.value + 1
        mask = (jnp.arange(MAX_LEN) < self.index.value)[None, :]
        scores = jnp.where(mask, jnp.einsum("bd,btd->bt", emb, self.keys.value), -1e9)
        context = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores), self.keys.value)
        return self.out(context)


def main():
    decoder = CachedDecoder(batch=2, rngs=nnx.Rngs(0))
    bos = jnp.zeros((2,), jnp.int32)

    def step(token, _):
        logits = decoder(token)
        token = jnp.argmax(logits, axis=-1)
        return token, token

    _, tokens = jax.lax.scan(step, bos, None, length=MAX_LEN)
    jax.block_until_ready(tokens)
    return None
