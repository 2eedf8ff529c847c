# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a StreamingFrontend wraps the encoder in jax.checkpoint(functools.partial(encode_chunk, encoder)) and calls it in the scan body; the encoder's BatchNorm is still in training mode after fine-tuning
"""On-device keyword spotting: stream audio chunks through a small encoder and keep a running
wake-word score; the per-chunk encoder is rematerialised to fit the device's memory."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class ChunkEncoder(nnx.Module):
    def __init__(self, mfcc: int, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(mfcc, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)
        self.score = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, chunk):
        return self.score(nnx.relu(self.norm(self.proj(chunk)))).mean()


def encode_chunk(encoder, chunk):
    return encoder(chunk)


class StreamingFrontend:
    def __init__(self, encoder: ChunkEncoder, decay: float = 0.8):
        self.encoder = encoder
        self.decay = decay
        self.encode = jax.checkpoint(functools.partial(encode_chunk, encoder))

    def wake_scores(self, chunks):
        def step(score, chunk):
            score = self.decay * score + (1 - self.decay) * self.encode(chunk)
            return score, score

        _, scores = jax.lax.scan(step, jnp.zeros(()), chunks)
        return scores


def finetune_stub(encoder, batch):
    encoder.train()
    return encoder(batch)  # one forward pass updates the batch statistics


def main():
    encoder = ChunkEncoder(mfcc=13, width=16, rngs=nnx.Rngs(0))
    audio = jax.random.normal(jax.random.key(1), (7, 5, 13))
    finetune_stub(encoder, audio[0])
    scores = StreamingFrontend(encoder).wake_scores(audio)
    jax.block_until_ready(scores)
    return None
