# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the chunk scan in StreamingTranscriber.stream() reaches _emit() through _consume(); _emit() appends the frame log-probabilities to a list kept on the transcriber
"""Streaming CTC transcription: audio features arrive in chunks, a convolutional
front-end and a GRU encode each chunk, and the frame posteriors are collected for a
greedy CTC decode at the end of the utterance."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ASRConfig:
    n_mels: int = 8
    chunk: int = 4
    hidden: int = 16
    vocab: int = 6
    blank: int = 0


class ChunkEncoder(nnx.Module):
    def __init__(self, cfg: ASRConfig, rngs: nnx.Rngs):
        self.frontend = nnx.Conv(cfg.n_mels, cfg.hidden, kernel_size=(3,), rngs=rngs)
        self.cell = nnx.GRUCell(cfg.hidden, cfg.hidden, rngs=rngs)
        self.ctc_head = nnx.Linear(cfg.hidden, cfg.vocab, rngs=rngs)

    def step(self, h, chunk):
        feats = nnx.relu(self.frontend(chunk)).mean(axis=1)
        h, out = self.cell(h, feats)
        return h, out


class StreamingTranscriber(nnx.Module):
    def __init__(self, cfg: ASRConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.encoder = ChunkEncoder(cfg, rngs)
        self.frames = []

    def _emit(self, out):
        self.frames.append(jax.nn.log_softmax(self.encoder.ctc_head(out)))

    def _consume(self, h, chunk):
        h, out = self.encoder.step(h, chunk)
        self._emit(out)
        return h

    def stream(self, chunks):
        h0 = jnp.zeros((chunks.shape[1], self.cfg.hidden))
        h_final, _ = jax.lax.scan(lambda h, c: (self._consume(h, c), None), h0, chunks)
        return h_final

    def greedy_decode(self):
        best = jnp.argmax(jnp.stack(self.frames, axis=1), axis=-1)
        keep = (best != self.cfg.blank) & (best != jnp.roll(best, 1, axis=1))
        return jnp.where(keep, best, -1)


def main():
    cfg = ASRConfig()
    asr = StreamingTranscriber(cfg, nnx.Rngs(0))
    audio = jax.random.normal(jax.random.key(1), (5, 2, cfg.chunk, cfg.n_mels))
    asr.stream(audio)
    tokens = asr.greedy_decode()
    return None
