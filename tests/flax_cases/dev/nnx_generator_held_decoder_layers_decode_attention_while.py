# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a plain generator holds a decoder whose `step` method loops over an nnx.List of layers, each calling a decode-mode nnx.MultiHeadAttention (a KV cache), from the while_loop body
"""A generator that decodes three tokens with jax.lax.while_loop, each step running a held
decoder's layers, whose attention decodes one token at a time from a cache initialised for four
positions."""
import jax
import jax.numpy as jnp
from flax import nnx


class Layer(nnx.Module):
    def __init__(self, rngs):
        self.attn = nnx.MultiHeadAttention(num_heads=2, in_features=8, decode=True, rngs=rngs)

    def __call__(self, x):
        return x + self.attn(x)


class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.layers = nnx.List([Layer(rngs) for _ in range(2)])

    def step(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


class Generator:
    def __init__(self, decoder):
        self.decoder = decoder

    def run(self, x0):
        def body(state):
            t, x = state
            return t + 1, self.decoder.step(x)
        return jax.lax.while_loop(lambda s: s[0] < 3, body, (0, x0))[1]


def main():
    decoder = Decoder(nnx.Rngs(0))
    for layer in decoder.layers:
        layer.attn.init_cache((1, 4, 8))
    out = Generator(decoder).run(jnp.ones((1, 1, 8)))
    jax.tree.map(lambda a: a + 0, out)
