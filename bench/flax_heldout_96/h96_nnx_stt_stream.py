# label: trace-context
# flax-error: TraceContextError: Cannot mutate StreamCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 StreamingTranscriber.encoder holds a StreamCache(nnx.Variable); the jax.lax.fori_loop body calls the encoder, which writes the cache
"""Speech-to-text streaming service with chunked state (NNX).

The causal convolutional encoder keeps the last frames of the previous chunk in a
`StreamCache` variable so chunk boundaries are seamless."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

VOCAB = 30


class StreamCache(nnx.Variable):
    """Frames carried from one audio chunk to the next."""


class StreamingConvEncoder(nnx.Module):
    def __init__(self, mel: int, features: int = 16, kernel: int = 3, *, rngs: nnx.Rngs):
        self.kernel = kernel
        self.context = StreamCache(jnp.zeros((kernel - 1, mel)))
        self.conv = nnx.Conv(mel, features, kernel_size=(kernel,), padding="VALID", rngs=rngs)
        self.proj = nnx.Linear(features, VOCAB, rngs=rngs)

    def reset(self):
        self.context.value = jnp.zeros_like(self.context.value)

    def __call__(self, chunk):  # chunk: [frames, mel]
        frames = jnp.concatenate([self.context.value, chunk], axis=0)
        self.context.value = frames[-(self.kernel - 1):]
        return self.proj(nnx.relu(self.conv(frames)))


class StreamingTranscriber:
    def __init__(self, encoder: StreamingConvEncoder):
        self.encoder = encoder

    def transcribe(self, chunks):  # [num_chunks, frames, mel]
        tokens = jnp.zeros(chunks.shape[:2], jnp.int32)

        def body(i, tokens):
            logits = self.encoder(chunks[i])
            return tokens.at[i].set(jnp.argmax(logits, axis=-1))

        return jax.lax.fori_loop(0, chunks.shape[0], body, tokens)


def main():
    service = StreamingTranscriber(StreamingConvEncoder(8, rngs=nnx.Rngs(0)))
    chunks = jax.random.normal(jax.random.key(1), (4, 20, 8))
    service.encoder.reset()
    service.transcribe(chunks)
    return None
