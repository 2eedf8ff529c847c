# label: ok
# flax-error: none
# class: 4 a RelayService holds a DecoderSession that keeps the model and params; the scan body calls session.step with the cache from the carry and gets the new cache back into the carry
"""Greedy decoding of telegram symbols for a maritime radio relay; the session resumes telegrams."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB = 12
HIDDEN = 16


@dataclasses.dataclass(frozen=True)
class RelayConfig:
    max_symbols: int = 8
    start_symbol: int = 1


class SymbolDecoder(nn.Module):
    vocab: int = VOCAB
    hidden: int = HIDDEN

    @nn.compact
    def __call__(self, token):
        state = self.variable("cache", "hidden", lambda: jnp.zeros((self.hidden,)))
        emb = nn.Embed(self.vocab, self.hidden, name="embed")(token)
        h = jnp.tanh(nn.Dense(self.hidden, name="mix")(jnp.concatenate([emb, state.value])))
        state.value = h
        return nn.Dense(self.vocab, name="head")(h)


class DecoderSession:
    """Keeps the decoder cache between calls so that a relay can resume a telegram."""

    def __init__(self, model: nn.Module, variables):
        self._model = model
        self._params = variables["params"]
        self.cache = variables["cache"]

    def step(self, cache, token):
        logits, updated = self._model.apply(
            {"params": self._params, "cache": cache}, token, mutable=["cache"]
        )
        return logits, updated["cache"]

    def fingerprint(self):
        return jnp.linalg.norm(self.cache["hidden"])


class RelayService:
    def __init__(self, config: RelayConfig, session: DecoderSession):
        self.config = config
        self.session = session

    def decode(self):
        def body(carry, _):
            token, cache = carry
            logits, cache = self.session.step(cache, token)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return (nxt, cache), nxt

        start = jnp.asarray(self.config.start_symbol, jnp.int32)
        (_, cache), symbols = lax.scan(
            body, (start, self.session.cache), None, length=self.config.max_symbols
        )
        self.session.cache = cache
        return symbols

    def archive(self, symbols):
        return {"symbols": symbols, "fingerprint": self.session.fingerprint()}


def main():
    model = SymbolDecoder()
    variables = model.init(jax.random.key(0), jnp.asarray(1, jnp.int32))
    service = RelayService(RelayConfig(), DecoderSession(model, variables))
    symbols = service.decode()
    record = service.archive(symbols)
    float(record["fingerprint"])
    return None
