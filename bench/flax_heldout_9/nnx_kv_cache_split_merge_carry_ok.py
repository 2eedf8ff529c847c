# label: ok
# flax-error: none
# class: 2 nnx.split outside the raw scan, state carried, nnx.merge inside the body and the new state returned
import jax
import jax.numpy as jnp
from flax import nnx


class CachedAttention(nnx.Module):
    def __init__(self, dim, max_len, rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.keys = nnx.Cache(jnp.zeros((max_len, dim)))
        self.index = nnx.Cache(jnp.array(0))

    def __call__(self, h):
        q, k, v = jnp.split(self.qkv(h), 3)
        self.keys[...] = self.keys[...].at[self.index[...]].set(k)
        self.index[...] = self.index[...] + 1
        return jnp.tanh(h + jax.nn.softmax(self.keys[...] @ q).sum() * v)


def main():
    attn = CachedAttention(8, 6, nnx.Rngs(0))
    graphdef, state = nnx.split(attn)

    def body(carry, _):
        state, h = carry
        module = nnx.merge(graphdef, state)
        h = module(h)
        return (nnx.state(module), h), h

    (state, _), hs = jax.lax.scan(body, (state, jnp.ones((8,))), None, length=4)
    nnx.update(attn, state)
    assert int(attn.index[...]) == 4
    return None
