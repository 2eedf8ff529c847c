# label: trace-context
# flax-error: TraceContextError: Cannot mutate DecodeSteps from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the REST handler reaches the recognizer's NNX decoder, whose while_loop body calls it and bumps a step-counter Variable subclass
"""OCR document service (NNX): a REST-style handler runs an iterative glyph decoder with lax.while_loop."""
import json

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

EOS = 0


class DecodeSteps(nnx.Variable):
    pass


class GlyphDecoder(nnx.Module):
    def __init__(self, charset=40, hidden=24, *, rngs):
        self.embed = nnx.Embed(charset, hidden, rngs=rngs)
        self.cell = nnx.Linear(2 * hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, charset, rngs=rngs)
        self.steps = DecodeSteps(jnp.zeros((), jnp.int32))

    def __call__(self, features, h, prev_char):
        self.steps.value += 1
        h = jnp.tanh(self.cell(jnp.concatenate([features + h, self.embed(prev_char)])))
        return self.out(h), h


class Recognizer:
    def __init__(self, max_len=12):
        self.max_len = max_len
        self.decoder = GlyphDecoder(rngs=nnx.Rngs(0))

    def read_line(self, features):
        def cond(c):
            i, ch, _, _ = c
            return (i < self.max_len) & (ch != EOS)

        def body(c):
            i, ch, h, out = c
            logits, h = self.decoder(features, h, ch)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, nxt, h, out.at[i].set(nxt)

        init = (0, jnp.array(1, jnp.int32), jnp.zeros((24,)), jnp.zeros((self.max_len,), jnp.int32))
        return lax.while_loop(cond, body, init)[-1]


class DocumentHandler:
    def __init__(self):
        self.recognizer = Recognizer()

    def post(self, payload: str):
        req = json.loads(payload)
        lines = [self.recognizer.read_line(jnp.asarray(f, jnp.float32)) for f in req["lines"]]
        return json.dumps({"lines": [[int(c) for c in l] for l in lines]})


def main():
    DocumentHandler().post(json.dumps({"lines": [[0.1] * 24]}))
    return None
