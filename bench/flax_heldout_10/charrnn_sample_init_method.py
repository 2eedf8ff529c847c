# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 init(method=CharRNN.sample): setup-defined embed/cell/readout are first called (params created) in the raw scan body via self.step
"""Char-RNN in the style of a text-generation repo: the sampler is also used to initialise."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass
class CharConfig:
    vocab: int = 11
    hidden: int = 16
    sample_len: int = 8


class CharRNN(nn.Module):
    cfg: CharConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.hidden)
        self.cell = nn.GRUCell(features=self.cfg.hidden)
        self.readout = nn.Dense(self.cfg.vocab)

    def step(self, carry, token):
        h, logits = self.cell(carry, self.embed(token))
        return h, self.readout(logits)

    def sample(self, prime, key):
        h0 = jnp.zeros((prime.shape[0], self.cfg.hidden))

        def body(carry, k):
            h, tok = carry
            h, logits = self.step(h, tok)
            nxt = jax.random.categorical(k, logits)
            return (h, nxt), nxt

        keys = jax.random.split(key, self.cfg.sample_len)
        _, toks = jax.lax.scan(body, (h0, prime), keys)
        return toks


def build(cfg):
    model = CharRNN(cfg)
    prime = jnp.zeros((2,), jnp.int32)
    # the repo initialises through the sampler to save writing a teacher-forcing __call__
    params = model.init(jax.random.key(0), prime, jax.random.key(1), method=CharRNN.sample)
    return model, params


def main():
    cfg = CharConfig()
    model, params = build(cfg)
    sampler = functools.partial(model.apply, method=CharRNN.sample)
    toks = sampler(params, jnp.zeros((2,), jnp.int32), jax.random.key(3))
    return None
