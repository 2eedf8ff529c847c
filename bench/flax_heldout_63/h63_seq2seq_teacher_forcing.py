# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 decoder submodules defined in setup are first called inside a raw lax.scan in __call__, so init creates their params in the scan body
"""Seq2seq GRU decoder with additive attention, teacher forcing over the target with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Encoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, src):
        return nn.tanh(nn.Dense(self.hidden)(src))


class AttnDecoder(nn.Module):
    hidden: int = 16
    vocab: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.query = nn.Dense(self.hidden, use_bias=False)
        self.score = nn.Dense(1, use_bias=False)
        self.cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, enc, tgt_in):
        def step(h, tok):
            e = self.embed(tok)
            scores = self.score(jnp.tanh(enc + self.query(h)[:, None, :]))
            ctx = (jax.nn.softmax(scores, axis=1) * enc).sum(1)
            h, y = self.cell(h, jnp.concatenate([e, ctx], -1))
            return h, self.out(y)

        h0 = enc.mean(1)
        _, logits = lax.scan(step, h0, tgt_in.T)
        return logits.transpose(1, 0, 2)


class Seq2Seq(nn.Module):
    @nn.compact
    def __call__(self, src, tgt_in):
        return AttnDecoder()(Encoder()(src), tgt_in)


def main():
    model = Seq2Seq()
    src = jnp.ones((2, 5, 8))
    tgt = jnp.zeros((2, 4), jnp.int32)
    variables = model.init(jax.random.key(0), src, tgt)
    logits = model.apply(variables, src, tgt)
    jnp.mean(logits).block_until_ready()
    return None
