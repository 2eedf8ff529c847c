# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a Translator binds the model with a mutable 'cache' and passes a lambda over bound.decode_step to a module-level beam_search built on lax.while_loop
"""Beam-search decoding for a small GRU-style seq2seq translation model with a decoder cache."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class MTConfig:
    src_vocab: int = 30
    tgt_vocab: int = 24
    hidden: int = 16
    beam: int = 3
    max_len: int = 6


class DecoderCell(nn.Module):
    cfg: MTConfig

    def setup(self):
        self.h = self.variable("cache", "h", jnp.zeros, (self.cfg.beam, self.cfg.hidden))
        self.gate = nn.Dense(self.cfg.hidden)
        self.out = nn.Dense(self.cfg.tgt_vocab)

    def __call__(self, emb, memory, parent):
        h = self.h.value[parent]
        mem = jnp.broadcast_to(memory, h.shape)
        h = jnp.tanh(self.gate(jnp.concatenate([emb, mem, h], axis=-1)))
        self.h.value = h
        return self.out(h)


class Seq2Seq(nn.Module):
    cfg: MTConfig

    def setup(self):
        self.src_embed = nn.Embed(self.cfg.src_vocab, self.cfg.hidden)
        self.tgt_embed = nn.Embed(self.cfg.tgt_vocab, self.cfg.hidden)
        self.encoder = nn.Dense(self.cfg.hidden)
        self.decoder = DecoderCell(self.cfg)
        self.memory = self.variable("cache", "memory", jnp.zeros, (self.cfg.hidden,))

    def decode_step(self, tok, parent):
        return self.decoder(self.tgt_embed(tok), self.memory.value, parent)

    def __call__(self, src, tok):
        self.memory.value = jnp.tanh(self.encoder(self.src_embed(src))).mean(axis=0)
        return self.decode_step(tok, jnp.arange(self.cfg.beam))


def beam_search(step_fn, bos, n_steps, beam):
    def cond(s):
        return s[0] < n_steps

    def body(s):
        i, tok, parent, scores = s
        logp = jax.nn.log_softmax(step_fn(tok, parent))
        top, flat = jax.lax.top_k((scores[:, None] + logp).reshape(-1), beam)
        return i + 1, flat % logp.shape[-1], flat // logp.shape[-1], top

    init = (0, bos, jnp.arange(beam), jnp.zeros(beam).at[1:].set(-1e9))
    return jax.lax.while_loop(cond, body, init)[1:]


class Translator:
    def __init__(self, model, params):
        self.model, self.params = model, params

    def translate(self, src, bos_id=1, eos_id=2):
        bos = jnp.full((self.model.cfg.beam,), bos_id)
        _, state = self.model.apply({"params": self.params}, src, bos, mutable=["cache"])
        bound = self.model.bind({"params": self.params, **state}, mutable=["cache"])
        tok, parent, scores = beam_search(lambda t, p: bound.decode_step(t, p), bos,
                                          self.model.cfg.max_len, self.model.cfg.beam)
        eos_logp = jax.nn.log_softmax(bound.decode_step(tok, parent))[:, eos_id]
        return jnp.argmax(scores + eos_logp)


def main():
    cfg = MTConfig()
    model = Seq2Seq(cfg)
    src = jnp.array([4, 9, 17, 3, 22], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), src, jnp.ones((cfg.beam,), jnp.int32))
    best = Translator(model, variables["params"]).translate(src)
    print(int(best))
    return None
