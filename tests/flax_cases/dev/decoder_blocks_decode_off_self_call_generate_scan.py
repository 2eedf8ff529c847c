# label: ok
# flax-error: none
# class: 4 the same generate scan over the setup list of blocks calls `self(h)` with decoding off, so the compact attention never touches its cache; apply with mutable=["cache"]
import jax
import jax.numpy as jnp
import flax.linen as nn


class Attention(nn.Module):
    @nn.compact
    def __call__(self, x, decode: bool = False):
        if decode:
            initialized = self.has_variable("cache", "index")
            index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
            if initialized:
                index.value = index.value + 1
        return nn.Dense(4)(x)


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, decode: bool = False):
        return x + Attention()(x, decode)


class Decoder(nn.Module):
    def setup(self):
        self.blocks = [Block() for _ in range(2)]

    def __call__(self, x, decode: bool = False):
        for block in self.blocks:
            x = block(x, decode)
        return x

    def generate(self, x):
        def body(h, _):
            h = self(h)
            return h, h
        return jax.lax.scan(body, x, None, length=3)[1]


def main():
    x = jnp.ones((2, 4))
    model = Decoder()
    variables = model.init(jax.random.key(0), x, decode=True)
    out, cache = model.apply(variables, x, method=Decoder.generate, mutable=["cache"])
    jax.tree.map(lambda a: a + 0, (out, cache))
