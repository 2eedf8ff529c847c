# label: ok
# flax-error: none
# class: 3 sampling idiom: init through teacher-forced __call__, translate (apply method=) runs the built submodules in a raw scan
"""Seq2seq (GRU encoder/decoder): teacher-forced __call__ for init/training, a sampling method for apply."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Seq2Seq(nn.Module):
    vocab: int = 17
    hidden: int = 24
    bos: int = 1

    def setup(self):
        self.src_embed = nn.Embed(self.vocab, self.hidden)
        self.tgt_embed = nn.Embed(self.vocab, self.hidden)
        self.encoder = nn.RNN(nn.GRUCell(self.hidden), return_carry=True)
        self.dec_cell = nn.GRUCell(self.hidden)
        self.proj = nn.Dense(self.vocab)

    def encode(self, src):
        carry, _ = self.encoder(self.src_embed(src))
        return carry

    def decode_step(self, h, tok):
        h, y = self.dec_cell(h, self.tgt_embed(tok))
        return h, self.proj(y)

    def __call__(self, src, tgt_in):
        h = self.encode(src)
        outs = []
        for t in range(tgt_in.shape[1]):
            h, logits = self.decode_step(h, tgt_in[:, t])
            outs.append(logits)
        return jnp.stack(outs, 1)

    def translate(self, src, key, max_len: int = 7, temperature: float = 0.8):
        h = self.encode(src)
        tok0 = jnp.full((src.shape[0],), self.bos, jnp.int32)

        def body(carry, k):
            h, tok = carry
            h, logits = self.decode_step(h, tok)
            tok = jax.random.categorical(k, logits / temperature)
            return (h, tok), tok

        _, toks = lax.scan(body, (h, tok0), jax.random.split(key, max_len))
        return toks.T


def main():
    model = Seq2Seq()
    src = jnp.ones((2, 5), jnp.int32)
    tgt = jnp.ones((2, 4), jnp.int32)
    params = model.init(jax.random.key(0), src, tgt)
    out = model.apply(params, src, jax.random.key(1), method=model.translate)
    return None
