# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the lax.while_loop body (a closure in the NNX __call__) stores the recurrent state in a plain dataclass held by the module, which the next chunk reads as its initial state
"""Streaming WaveRNN-style vocoder: mel frames arrive in chunks and each frame is upsampled
to audio samples by a GRU whose state must persist across chunks."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass
class StreamState:
    hidden: jax.Array | None = None
    frames_done: int = 0


class StreamingVocoder(nnx.Module):
    def __init__(self, n_mels: int, hidden: int, hop: int, *, rngs: nnx.Rngs):
        self.hidden = hidden
        self.cond = nnx.Linear(n_mels, hidden, rngs=rngs)
        self.gru = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.to_wave = nnx.Linear(hidden, hop, rngs=rngs)
        self.stream = StreamState()

    def reset(self, batch):
        self.stream = StreamState(hidden=jnp.zeros((batch, self.hidden)))

    def __call__(self, mel_chunk):  # [batch, frames, n_mels]
        n_frames = mel_chunk.shape[1]
        audio0 = jnp.zeros((mel_chunk.shape[0], n_frames, self.to_wave.out_features))

        def cond(carry):
            return carry[0] < n_frames

        def body(carry):
            i, h, audio = carry
            h, _ = self.gru(h, self.cond(mel_chunk[:, i]))
            self.stream.hidden = h  # resume point for the next chunk
            return i + 1, h, audio.at[:, i].set(jnp.tanh(self.to_wave(h)))

        _, _, audio = jax.lax.while_loop(cond, body, (0, self.stream.hidden, audio0))
        self.stream.frames_done += n_frames
        return audio.reshape(audio.shape[0], -1)


def main():
    batch, n_mels = 2, 20
    vocoder = StreamingVocoder(n_mels, 32, hop=16, rngs=nnx.Rngs(0))
    vocoder.reset(batch)
    mels = jax.random.normal(jax.random.key(1), (3, batch, 5, n_mels))
    wave = jnp.concatenate([vocoder(chunk) for chunk in mels], axis=1)
    jax.block_until_ready(wave)
    return None
