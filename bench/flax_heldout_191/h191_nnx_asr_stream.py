# label: trace-context
# flax-error: TraceContextError: Cannot mutate StreamCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the recognizer session's model attribute, whose streaming cache is an nnx.Variable subclass, is stepped inside the scan body
"""Streaming speech recognizer: audio chunks pass through an encoder that keeps a recurrent cache."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StreamCache(nnx.Variable):
    """Encoder state carried from one audio chunk to the next."""


class StreamingEncoder(nnx.Module):
    def __init__(self, frame_dim, hidden, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(frame_dim, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.vocab = nnx.Linear(hidden, 29, rngs=rngs)
        self.cache = StreamCache(jnp.zeros((hidden,)))

    def step(self, chunk):
        h = self.cache[...]
        for frame in chunk:
            h = jnp.tanh(self.inp(frame) + self.rec(h))
        self.cache[...] = h
        return self.vocab(h)

    def reset(self):
        self.cache[...] = jnp.zeros_like(self.cache[...])


class RecognizerSession:
    def __init__(self, model: StreamingEncoder, session_id: str):
        self.model = model
        self.session_id = session_id

    def transcribe(self, chunks):
        self.model.reset()

        def body(blank_mass, chunk):
            logits = self.model.step(chunk)
            probs = jax.nn.softmax(logits)
            return blank_mass + probs[0], jnp.argmax(logits)

        blank_mass, tokens = jax.lax.scan(body, jnp.float32(0.0), chunks)
        return tokens, blank_mass


def main():
    audio = jax.random.normal(jax.random.key(4), (6, 3, 13))
    session = RecognizerSession(StreamingEncoder(13, 20, rngs=nnx.Rngs(0)), "call-0917")
    tokens, blank_mass = session.transcribe(audio)
    print(tokens, float(blank_mass))
    return None
