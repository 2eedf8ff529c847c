# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body in StreamingServer.transcribe() calls process_chunk(), which calls StreamSession.push(); push() runs the nnx encoder and stores its left-context cache on a plain StreamState dataclass that finalize() reads after the loop
"""Chunked streaming ASR: a causal conv + GRU encoder with a carried left context.

Audio features arrive in fixed-size chunks; each chunk is encoded with the
cached tail of the previous chunk as left context, and CTC logits are emitted.
The session keeps the streaming state between chunks.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class StreamConfig:
    n_mels: int = 8
    hidden: int = 16
    vocab: int = 10
    chunk: int = 4
    context: int = 2
    n_chunks: int = 4


class CausalEncoder(nnx.Module):
    def __init__(self, cfg: StreamConfig, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(cfg.n_mels, cfg.hidden, (cfg.context + 1,), padding="VALID", rngs=rngs)
        self.cell = nnx.GRUCell(cfg.hidden, cfg.hidden, rngs=rngs)
        self.ctc = nnx.Linear(cfg.hidden, cfg.vocab, rngs=rngs)

    def __call__(self, chunk, left_context, h):
        x = jnp.concatenate([left_context, chunk], 0)           # (context + chunk, mels)
        feats = nnx.relu(self.conv(x[None])[0])                  # (chunk, hidden)

        outs = []
        for t in range(feats.shape[0]):          # chunk is short: unrolled recurrence
            h, y = self.cell(h, feats[t])
            outs.append(y)
        feats = jnp.stack(outs)
        return self.ctc(feats), x[-left_context.shape[0]:], h


@dataclasses.dataclass
class StreamState:
    left_context: jnp.ndarray
    hidden: jnp.ndarray
    emitted: int = 0


class StreamSession:
    def __init__(self, encoder: CausalEncoder, cfg: StreamConfig):
        self.encoder = encoder
        self.state = StreamState(jnp.zeros((cfg.context, cfg.n_mels)), jnp.zeros((cfg.hidden,)))

    def push(self, chunk):
        logits, ctx, h = self.encoder(chunk, self.state.left_context, self.state.hidden)
        self.state.left_context = ctx
        self.state.hidden = h
        self.state.emitted += chunk.shape[0]
        return logits

    def finalize(self):
        # flush: one silent chunk to drain the left context
        silence = jnp.zeros_like(self.state.left_context)
        logits, _, _ = self.encoder(silence, self.state.left_context, self.state.hidden)
        return logits


class StreamingServer:
    def __init__(self, session: StreamSession, cfg: StreamConfig):
        self.session = session
        self.cfg = cfg

    def process_chunk(self, audio, i):
        chunk = jax.lax.dynamic_slice_in_dim(audio, i * self.cfg.chunk, self.cfg.chunk)
        return self.session.push(chunk)

    def transcribe(self, audio):
        cfg = self.cfg
        all_logits = jnp.zeros((cfg.n_chunks, cfg.chunk, cfg.vocab))

        def body(i, all_logits):
            return all_logits.at[i].set(self.process_chunk(audio, i))

        all_logits = fori_loop(0, cfg.n_chunks, body, all_logits)
        tail = self.session.finalize()
        logits = jnp.concatenate([all_logits.reshape(-1, cfg.vocab), tail], 0)
        return jnp.argmax(logits, -1)


def main():
    cfg = StreamConfig()
    encoder = CausalEncoder(cfg, rngs=nnx.Rngs(0))
    server = StreamingServer(StreamSession(encoder, cfg), cfg)
    audio = jax.random.normal(jax.random.PRNGKey(1), (cfg.n_chunks * cfg.chunk, cfg.n_mels))
    tokens = server.transcribe(audio)
    tokens.block_until_ready()
    return None
