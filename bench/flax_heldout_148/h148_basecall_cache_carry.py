# label: ok
# flax-error: none
# class: 5 make_greedy_step(apply_fn, params) returns a step over functools.partial(model.apply, mutable=['cache']) held by the GreedyBasecaller wrapper; the cache travels in the carry
"""Nanopore basecalling: greedy autoregressive decoding of bases from signal features."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

BASES = "ACGT-"


@dataclass(frozen=True)
class DecoderConfig:
    signal_features: int = 8
    hidden: int = 16
    vocab: int = len(BASES)


class BasecallDecoder(nn.Module):
    cfg: DecoderConfig

    @nn.compact
    def __call__(self, signal, prev_base):
        state = self.variable("cache", "state", jnp.zeros, (signal.shape[0], self.cfg.hidden))
        emb = nn.Embed(self.cfg.vocab, self.cfg.hidden, name="base_embed")(prev_base)
        h = nn.tanh(nn.Dense(self.cfg.hidden, name="mix")(jnp.concatenate([state.value, emb, signal], -1)))
        state.value = h
        return nn.Dense(self.cfg.vocab, name="emit")(h)


def make_greedy_step(apply_fn, params):
    def step(carry, signal):
        prev_base, cache = carry
        logits, updates = apply_fn({"params": params, "cache": cache}, signal, prev_base)
        base = jnp.argmax(logits, axis=-1)
        return (base, updates["cache"]), base
    return step


class GreedyBasecaller:
    def __init__(self, model: BasecallDecoder, variables):
        self.apply_fn = functools.partial(model.apply, mutable=["cache"])
        self.cache = variables["cache"]
        self._step = make_greedy_step(self.apply_fn, variables["params"])

    def __call__(self, chunks):  # chunks: [time, reads, features]
        start = jnp.full((chunks.shape[1],), BASES.index("-"), dtype=jnp.int32)
        (_, self.cache), bases = scan(self._step, (start, self.cache), chunks)
        return bases.T

    def state_norm(self):
        return jnp.linalg.norm(self.cache["state"])


def main():
    cfg = DecoderConfig()
    chunks = jax.random.normal(jax.random.key(0), (12, 3, cfg.signal_features))
    model = BasecallDecoder(cfg)
    variables = model.init(jax.random.key(1), chunks[0], jnp.zeros((3,), jnp.int32))
    caller = GreedyBasecaller(model, variables)
    reads = caller(chunks)
    print(["".join(BASES[int(b)] for b in read) for read in reads], float(caller.state_norm()))
    return None
