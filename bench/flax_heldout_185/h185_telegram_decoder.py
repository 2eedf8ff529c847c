# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a RelayService holds a DecoderSession that keeps model.bind(variables, mutable=["cache"]); the scan body calls session.step, which runs the bound decoder and writes its cache
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
    """Keeps the decoder bound between calls so that a relay can resume a telegram."""

    def __init__(self, model: nn.Module, variables):
        self._bound = model.bind(variables, mutable=["cache"])

    def step(self, token):
        return self._bound(token)

    def fingerprint(self):
        return jnp.linalg.norm(self._bound.variables["cache"]["hidden"])


class RelayService:
    def __init__(self, config: RelayConfig, session: DecoderSession):
        self.config = config
        self.session = session

    def decode(self):
        def body(token, _):
            logits = self.session.step(token)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, nxt

        start = jnp.asarray(self.config.start_symbol, jnp.int32)
        _, symbols = lax.scan(body, start, None, length=self.config.max_symbols)
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
