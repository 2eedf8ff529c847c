# label: ok
# flax-error: none
# class: 2 StreamingTranscriber keeps params and the 'cache' collection on self; cache carried through the lax.fori_loop with mutable=['cache']
"""Speech-to-text streaming service with chunked state.

A causal convolutional encoder keeps the last frames of the previous chunk in a 'cache'
collection; the service threads the cache through the loop carry and keeps the final cache
for the next request of the same stream."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

VOCAB = 30


class StreamingConvEncoder(nn.Module):
    kernel: int = 3
    features: int = 16

    @nn.compact
    def __call__(self, chunk):  # chunk: [frames, mel]
        context = self.variable(
            "cache", "context", lambda: jnp.zeros((self.kernel - 1, chunk.shape[-1]), chunk.dtype))
        frames = jnp.concatenate([context.value, chunk], axis=0)
        context.value = frames[-(self.kernel - 1):]
        h = nn.Conv(self.features, (self.kernel,), padding="VALID")(frames)
        return nn.Dense(VOCAB)(nn.relu(h))


class StreamingTranscriber:
    def __init__(self, encoder, variables):
        self.encoder = encoder
        self.params = variables["params"]
        self.cache = variables["cache"]

    def reset(self):
        self.cache = jax.tree.map(jnp.zeros_like, self.cache)

    def transcribe(self, chunks):  # chunks: [num_chunks, frames, mel]
        tokens = jnp.zeros(chunks.shape[:2], jnp.int32)

        def body(i, carry):
            tokens, cache = carry
            logits, updates = self.encoder.apply(
                {"params": self.params, "cache": cache}, chunks[i], mutable=["cache"])
            return tokens.at[i].set(jnp.argmax(logits, axis=-1)), updates["cache"]

        tokens, self.cache = fori_loop(0, chunks.shape[0], body, (tokens, self.cache))
        return tokens


def main():
    encoder = StreamingConvEncoder()
    chunks = jax.random.normal(jax.random.key(0), (4, 20, 8))
    variables = encoder.init(jax.random.key(1), chunks[0])
    service = StreamingTranscriber(encoder, variables)
    service.reset()
    service.transcribe(chunks)
    return None
