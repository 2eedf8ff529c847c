# label: ok
# flax-error: none
# class: 5 the REST handler calls the recognizer, whose while_loop carries the decoder's 'state' collection and applies with mutable=['state']
"""OCR service: a REST-style handler runs an iterative character decoder until an end token or max length."""
import json

import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn

EOS = 0


class LineDecoder(nn.Module):
    charset: int = 40
    hidden: int = 24

    @nn.compact
    def __call__(self, features, prev_char):
        h = self.variable("state", "h", lambda: jnp.zeros((self.hidden,)))
        emb = nn.Embed(self.charset, self.hidden)(prev_char)
        h.value = nn.tanh(nn.Dense(self.hidden)(features) + emb + h.value)
        return nn.Dense(self.charset)(h.value)


class Recognizer:
    def __init__(self, max_len=12):
        self.max_len = max_len
        self.decoder = LineDecoder()
        feats = jnp.zeros((24,))
        variables = self.decoder.init(jax.random.PRNGKey(0), feats, jnp.array(1))
        self.params = variables["params"]
        self.init_state = variables["state"]

    def read_line(self, features):
        def cond(c):
            i, ch, _, _ = c
            return (i < self.max_len) & (ch != EOS)

        def body(c):
            i, ch, out, state = c
            logits, upd = self.decoder.apply(
                {"params": self.params, "state": state}, features, ch, mutable=["state"])
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, nxt, out.at[i].set(nxt), upd["state"]

        init = (0, jnp.array(1, jnp.int32), jnp.zeros((self.max_len,), jnp.int32), self.init_state)
        _, _, chars, _ = lax.while_loop(cond, body, init)
        return chars


class OCRHandler:
    def __init__(self):
        self.recognizer = Recognizer()

    def post(self, body: str):
        req = json.loads(body)
        feats = jnp.asarray(req["features"], jnp.float32)
        chars = self.recognizer.read_line(feats)
        return json.dumps({"chars": [int(c) for c in chars]})


def main():
    OCRHandler().post(json.dumps({"features": [0.1] * 24}))
    return None
