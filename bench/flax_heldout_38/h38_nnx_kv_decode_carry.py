# label: ok
# flax-error: none
# class: 2 the decoder is nnx.split before the raw jax.lax.while_loop; its state (with the nnx.Cache) is part of the carry, merged in the body and re-extracted after each call
"""Greedy decoding with an NNX decoder that keeps its key cache in `nnx.Cache` variables,
driven by jax.lax.while_loop with the model's split state in the loop carry; the model is
updated from the final state after the loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class CachedDecoder(nnx.Module):
    def __init__(self, vocab, features, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, features, rngs=rngs)
        self.key = nnx.Linear(features, features, rngs=rngs)
        self.query = nnx.Linear(features, features, rngs=rngs)
        self.out = nnx.Linear(features, vocab, rngs=rngs)
        self.cached_keys = nnx.Cache(jnp.zeros((batch, max_len, features)))
        self.index = nnx.Cache(jnp.array(0, dtype=jnp.int32))
        self.max_len = max_len

    def __call__(self, token):
        x = self.embed(token)
        keys = jax.lax.dynamic_update_slice(
            self.cached_keys.value, self.key(x)[:, None, :], (0, self.index.value, 0))
        self.cached_keys.value = keys
        self.index.value = self.index.value + 1
        valid = jnp.arange(self.max_len) < self.index.value
        scores = jnp.where(valid[None, :], jnp.einsum("bf,btf->bt", self.query(x), keys), -1e9)
        context = jnp.einsum("bt,btf->bf", jax.nn.softmax(scores, -1), keys)
        return self.out(context + x)


def main():
    max_len = 8
    model = CachedDecoder(32, 16, max_len, 2, rngs=nnx.Rngs(0))
    bos = jnp.zeros((2,), dtype=jnp.int32)
    graphdef, state = nnx.split(model)

    def cond(carry):
        i, _, _, _ = carry
        return i < max_len

    def body(carry):
        i, token, state, out = carry
        model = nnx.merge(graphdef, state)
        logits = model(token)
        token = jnp.argmax(logits, -1).astype(jnp.int32)
        return i + 1, token, nnx.state(model), out.at[:, i].set(token)

    out = jnp.zeros((2, max_len), dtype=jnp.int32)
    _, _, state, tokens = jax.lax.while_loop(cond, body, (0, bos, state, out))
    nnx.update(model, state)
    tokens.block_until_ready()
