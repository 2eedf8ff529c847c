# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a while_loop body calls `decoder.next_logits(h)`, a method of the outside decoder that calls `self.attn.decode_one(h)`, which writes the attention layer's nnx.Cache
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

class SelfAttention(nnx.Module):
    def __init__(self, rngs):
        self.qkv = nnx.Linear(8, 8, rngs=rngs)
        self.pos = nnx.Cache(jnp.array(0))

    def decode_one(self, x):
        self.pos[...] = self.pos[...] + 1
        return self.qkv(x)

class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.attn = SelfAttention(rngs)
        self.out = nnx.Linear(8, 8, rngs=rngs)

    def next_logits(self, h):
        return self.out(h + self.attn.decode_one(h))

def greedy(decoder, h0):
    def body(s):
        i, h = s
        return i + 1, decoder.next_logits(h)
    return while_loop(lambda s: s[0] < 4, body, (0, h0))[1]

def main():
    greedy(Decoder(nnx.Rngs(0)), jnp.ones(8))
