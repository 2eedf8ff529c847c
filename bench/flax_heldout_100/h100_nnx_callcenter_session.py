# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 TranscriptSession object holds the nnx model and stores its hidden state as a plain attribute inside the scan body
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
        def body(_, frame):
            self.hidden, logits = self.model(frame, self.hidden)
            return None, logits

        _, logits = jax.lax.scan(body, None, frames)
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
