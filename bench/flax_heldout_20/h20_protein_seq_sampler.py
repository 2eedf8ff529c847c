# label: ok
# flax-error: none
# class: 3 sample() draws one 'sample' key, splits it per position and scans over the keys; _propose() -> _gumbel_topk() uses the key it is given
"""Autoregressive protein sequence design with temperature-controlled sampling.

An LSTM over amino-acid tokens is initialised through __call__ on a batch of known
sequences and sampled with apply(method=ProteinLM.sample) from a start token.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"


@dataclasses.dataclass
class DesignConfig:
    vocab: int = len(AMINO_ACIDS) + 1
    hidden: int = 24
    length: int = 7
    temperature: float = 0.7


class ProteinLM(nn.Module):
    cfg: DesignConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.hidden)
        self.lstm = nn.OptimizedLSTMCell(self.cfg.hidden)
        self.out = nn.Dense(self.cfg.vocab)

    def __call__(self, seqs):
        carry = self.lstm.initialize_carry(jax.random.key(0), (seqs.shape[0], self.cfg.hidden))
        logits = []
        for t in range(seqs.shape[1]):
            carry, h = self.lstm(carry, self.embed(seqs[:, t]))
            logits.append(self.out(h))
        return jnp.stack(logits, axis=1)

    def _gumbel_topk(self, key, logits):
        g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
        return jnp.argmax(logits / self.cfg.temperature + g, axis=-1), g

    def _propose(self, carry, tok, key):
        carry, h = self.lstm(carry, self.embed(tok))
        nxt, g = self._gumbel_topk(key, self.out(h))
        return carry, nxt, g

    def sample(self, start_tok):
        carry = self.lstm.initialize_carry(jax.random.key(0), (start_tok.shape[0], self.cfg.hidden))
        keys = jax.random.split(self.make_rng("sample"), self.cfg.length)

        def body(state, key):
            carry, tok = state
            carry, nxt, g = self._propose(carry, tok, key)
            return (carry, nxt), (nxt, g)

        _, (seq, gumbels) = jax.lax.scan(body, (carry, start_tok), keys)
        return seq, gumbels


def main():
    cfg = DesignConfig()
    model = ProteinLM(cfg)
    known = jnp.array([[1, 5, 9, 2, 14], [3, 3, 7, 19, 11]], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), known)
    start = jnp.zeros((2,), jnp.int32)
    seq, gumbels = model.apply(variables, start, method=ProteinLM.sample, rngs={"sample": jax.random.key(5)})
    return gumbels
