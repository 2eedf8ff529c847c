# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a generate method scans over `self(h, decode=True)`; the decode flag goes down through the setup list of blocks to a compact attention that bumps its cache index; apply with mutable=["cache"]
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
            h = self(h, decode=True)
            return h, h
        return jax.lax.scan(body, x, None, length=3)[1]


def main():
    x = jnp.ones((2, 4))
    model = Decoder()
    variables = model.init(jax.random.key(0), x, decode=True)
    out, cache = model.apply(variables, x, method=Decoder.generate, mutable=["cache"])
    jax.tree.map(lambda a: a + 0, (out, cache))
