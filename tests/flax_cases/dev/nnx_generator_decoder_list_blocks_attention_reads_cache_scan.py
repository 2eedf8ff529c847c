# label: ok
# flax-error: none
# class: 4 the same Generator scan over `self.model.decode_step(h)` and its `nnx.List` of blocks, whose attention only reads its `nnx.Cache` index
import jax
import jax.numpy as jnp
from flax import nnx


class Attention(nnx.Module):
    def __init__(self, rngs):
        self.qkv = nnx.Linear(4, 4, rngs=rngs)
        self.index = nnx.Cache(jnp.array(0))

    def decode(self, x):
        x = x + self.index[...]
        return self.qkv(x)


class Block(nnx.Module):
    def __init__(self, rngs):
        self.attn = Attention(rngs)

    def decode(self, x):
        return x + self.attn.decode(x)


class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.blocks = nnx.List([Block(rngs) for _ in range(2)])

    def decode_step(self, x):
        for block in self.blocks:
            x = block.decode(x)
        return x


class Generator:
    def __init__(self, model: Decoder):
        self.model = model

    def generate(self, x, steps):
        def body(h, _):
            h = self.model.decode_step(h)
            return h, h
        return jax.lax.scan(body, x, None, length=steps)[1]


def main():
    generator = Generator(Decoder(nnx.Rngs(0)))
    out = generator.generate(jnp.ones(4), 3)
    jax.tree.map(lambda a: a + 0, (out, nnx.state(generator.model)))
