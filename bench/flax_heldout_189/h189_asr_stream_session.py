# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the bound GRU encoder and the per-stream hidden state reach the scan body through service.pool.session(stream_id), and the body writes the new hidden state back onto the session
"""Streaming speech recognition: every client stream keeps its recurrent encoder state on a
session object between audio chunks, so a reconnecting caller resumes where it left off."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

FEATURES = 16
HIDDEN = 24
VOCAB = 12


class FrameEncoder(nn.Module):
    hidden: int
    vocab: int

    @nn.compact
    def __call__(self, carry, frame):
        proj = nn.Dense(self.hidden, name="proj")(frame)
        carry, out = nn.GRUCell(self.hidden, name="gru")(carry, proj)
        return carry, nn.Dense(self.vocab, name="ctc_head")(out)


class StreamSession:
    def __init__(self, stream_id, encoder, hidden):
        self.stream_id = stream_id
        self.encoder = encoder
        self.hidden = jnp.zeros((hidden,))
        self.frames_seen = 0


class SessionPool:
    """Holds one bound encoder shared by every session of this replica."""

    def __init__(self, model, variables, hidden):
        self._encoder = model.bind(variables)
        self._hidden = hidden
        self._sessions = {}

    def session(self, stream_id):
        if stream_id not in self._sessions:
            self._sessions[stream_id] = StreamSession(stream_id, self._encoder, self._hidden)
        return self._sessions[stream_id]


class TranscriptionService:
    def __init__(self, pool):
        self.pool = pool

    def on_audio(self, stream_id, chunk):
        def step(carry, frame):
            session = self.pool.session(stream_id)
            carry, logits = session.encoder(carry, frame)
            session.hidden = carry  # resume point if the stream drops mid-chunk
            return carry, logits

        start = self.pool.session(stream_id).hidden
        _, logits = lax.scan(step, start, chunk)
        self.pool.session(stream_id).frames_seen += chunk.shape[0]
        return jnp.argmax(logits, axis=-1)


def main():
    model = FrameEncoder(HIDDEN, VOCAB)
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((HIDDEN,)), jnp.zeros((FEATURES,)))
    service = TranscriptionService(SessionPool(model, variables, HIDDEN))
    audio = jax.random.normal(jax.random.PRNGKey(1), (3, 20, FEATURES))
    for chunk in audio:
        service.on_audio("caller-7", chunk)
    return None
