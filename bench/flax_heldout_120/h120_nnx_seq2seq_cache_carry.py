# label: ok
# flax-error: none
# class: 2 the decoder is a local of main, split before the scan; its state travels in the carry and is merged in the body
"""Greedy decoding with an NNX decoder that keeps its own key cache, stepped with jax.lax.scan.

The decoder is split into graphdef and state; the state (cache included) is the scan carry,
merged in the body and split again after the step, then written back after the loop.
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
    graphdef, state = nnx.split(decoder)

    def step(carry, _):
        token, state = carry
        decoder = nnx.merge(graphdef, state)
        logits = decoder(token)
        token = jnp.argmax(logits, axis=-1)
        _, state = nnx.split(decoder)
        return (token, state), token

    (_, state), tokens = jax.lax.scan(step, (bos, state), None, length=MAX_LEN)
    nnx.update(decoder, state)
    jax.block_until_ready(tokens)
    return None
