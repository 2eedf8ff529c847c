# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body calls generator.lm.step_logits on a bound Decoder, so the Decoder's lazy setup (sinusoidal table) first runs inside the scan trace
"""Greedy generation with a bound Linen decoder, then rescoring the generated sequence.

Shape of the reports: model.bind(variables) used in a raw scan; setup() runs lazily on first
use, so arrays it computes are cached as tracers and the next call outside the loop fails.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Decoder(nn.Module):
    vocab: int = 24
    dim: int = 16
    max_len: int = 32

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        pos = jnp.arange(self.max_len)[:, None]
        i = jnp.arange(self.dim // 2)[None, :]
        angles = pos / (10000.0 ** (2 * i / self.dim))
        self.pos_table = jnp.concatenate([jnp.sin(angles), jnp.cos(angles)], axis=-1)
        self.mlp = nn.Dense(self.dim)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens):  # tokens: [batch, seq]
        x = self.embed(tokens) + self.pos_table[: tokens.shape[1]]
        return self.out(nn.gelu(self.mlp(x)))

    def step_logits(self, tok, pos):  # tok: [batch]
        x = self.embed(tok) + self.pos_table[pos]
        return self.out(nn.gelu(self.mlp(x)))


class Generator:
    def __init__(self, lm):
        self.lm = lm


def main():
    model = Decoder()
    tokens = jnp.zeros((2, 8), jnp.int32)
    variables = model.init(jax.random.key(0), tokens)
    generator = Generator(model.bind(variables))

    def body(tok, pos):
        logits = generator.lm.step_logits(tok, pos)
        nxt = jnp.argmax(logits, axis=-1)
        return nxt, nxt

    start = jnp.array([1, 2], jnp.int32)
    _, generated = scan(body, start, jnp.arange(8))
    seq = generated.T
    logp = jax.nn.log_softmax(generator.lm(seq))
    print("rescored", float(logp.mean()))
    return None
