# label: ok
# flax-error: none
# class: 4 the scan body in the captioner's generate calls self.decoder.step; the attention weights leave the loop as scan outputs
"""Greedy caption decoder with attention maps kept for plotting.

The captioner decodes with scan over time. The attention layer inside the
decoder returns its weights, the decoder step passes them up and the scan
body emits them as per-step outputs, so the stacked maps come out of scan.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Attention(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, h, memory):
        q = nn.Dense(self.dim, name="query")(h)
        weights = jax.nn.softmax(memory @ q / jnp.sqrt(self.dim))
        return weights @ memory, weights


class Decoder(nn.Module):
    vocab: int = 12
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = Attention(self.dim)
        self.cell = nn.GRUCell(self.dim)
        self.head = nn.Dense(self.vocab)

    def step(self, h, token, memory):
        context, weights = self.attn(h, memory)
        h, out = self.cell(h, self.embed(token) + context)
        return h, self.head(out), weights


class Captioner(nn.Module):
    dim: int = 16

    def setup(self):
        self.decoder = Decoder(dim=self.dim)

    def __call__(self, memory, token):
        return self.decoder.step(jnp.zeros(self.dim), token, memory)

    def generate(self, memory, length):
        def body(carry, _):
            h, token = carry
            h, logits, weights = self.decoder.step(h, token, memory)
            token = jnp.argmax(logits)
            return (h, token), (token, weights)

        _, (tokens, maps) = scan(body, (jnp.zeros(self.dim), jnp.array(0)), None, length=length)
        return tokens, maps


def main():
    memory = jax.random.normal(jax.random.key(0), (9, 16))
    model = Captioner()
    variables = model.init(jax.random.key(1), memory, jnp.array(0))
    tokens, maps = model.apply(
        {"params": variables["params"]}, memory, 5, method=Captioner.generate,
    )
    print("tokens", tokens, "attention maps", maps.shape)
    return None
