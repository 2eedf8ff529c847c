# label: ok
# flax-error: none
# class: 4 the same decode cache two modules below `self(h)` in a generate while_loop, written only while init makes it (`if not initialized:`); applied with mutable cache
import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedAttention(nn.Module):
    @nn.compact
    def __call__(self, x):
        initialized = self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (x.shape[0], 8, 4))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        if not initialized:
            keys.value = jax.lax.dynamic_update_slice(keys.value, x[:, None], (0, index.value, 0))
            index.value = index.value + 1
        return nn.Dense(4)(keys.value.sum(1))


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + CachedAttention()(nn.LayerNorm()(x))


class Decoder(nn.Module):
    def setup(self):
        self.blocks = [Block() for _ in range(2)]

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return x

    def generate(self, x):
        def body(carry):
            i, h = carry
            return i + 1, self(h)
        return jax.lax.while_loop(lambda c: c[0] < 4, body, (0, x))[1]


def main():
    x = jnp.ones((2, 4))
    model = Decoder()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    out, cache = model.apply(variables, x, method=Decoder.generate, mutable=["cache"])
    jax.tree.map(lambda a: a + 0, (out, cache))
