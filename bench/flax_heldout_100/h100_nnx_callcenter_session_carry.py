# label: ok
# flax-error: none
# class: 3 TranscriptSession object holds the nnx model; its hidden state goes through the scan carry and is stored after the loop
"""Call-centre live intent tracker: one session per active call.

Each session streams audio-feature frames through a small recurrent intent model and
keeps the latest hidden state so the next chunk of the call can resume from it.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class IntentCell(nnx.Module):
    def __init__(self, features, hidden, intents, rngs):
        self.inp = nnx.Linear(features, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.head = nnx.Linear(hidden, intents, rngs=rngs)

    def __call__(self, frame, h):
        h = jnp.tanh(self.inp(frame) + self.rec(h))
        return h, self.head(h)


class TranscriptSession:
    def __init__(self, call_id, model, hidden):
        self.call_id = call_id
        self.model = model
        self.hidden = jnp.zeros((hidden,))

    def push_chunk(self, frames):
        def body(h, frame):
            h, logits = self.model(frame, h)
            return h, logits

        self.hidden, logits = jax.lax.scan(body, self.hidden, frames)
        return logits

    def snapshot(self):
        return {"call": self.call_id, "hidden_norm": jnp.linalg.norm(self.hidden)}


def main():
    model = IntentCell(6, 10, 4, nnx.Rngs(0))
    session = TranscriptSession("call-42", model, 10)
    frames = jax.random.normal(jax.random.key(1), (12, 6))
    session.push_chunk(frames)
    session.snapshot()
    return None
