# label: ok
# flax-error: none
# class: 1 StreamingCTCDecoder.decode_stream, the method that owns the StreamState variables (hidden state, previous token, frame count), threads their values through its scan carry and assigns them once after the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_MELS = 8
CHUNK = 4
VOCAB = 5
BLANK = 0


class StreamState(nnx.Variable):
    pass


class StreamingCTCDecoder(nnx.Module):
    def __init__(self, n_mels, hidden, vocab, *, rngs):
        self.inp = nnx.Linear(n_mels, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.classifier = nnx.Linear(hidden, vocab + 1, rngs=rngs)
        self.hidden = StreamState(jnp.zeros((hidden,)))
        self.prev_token = StreamState(jnp.array(BLANK))
        self.frames_seen = StreamState(jnp.array(0))

    def reset(self):
        self.hidden[...] = jnp.zeros_like(self.hidden[...])
        self.prev_token[...] = jnp.array(BLANK)
        self.frames_seen[...] = jnp.array(0)

    def decode_stream(self, chunks):
        def on_chunk(carry, chunk):
            h, prev_token, frames_seen, n_emitted = carry
            frame_logits = []
            for frame in chunk:
                h = jnp.tanh(self.inp(frame) + self.rec(h))
                frame_logits.append(self.classifier(h))
            best = jnp.argmax(jnp.stack(frame_logits), axis=-1)
            previous = jnp.concatenate([prev_token[None], best[:-1]])
            emitted = jnp.where((best != BLANK) & (best != previous), best, -1)
            carry = (h, best[-1], frames_seen + chunk.shape[0], n_emitted + jnp.sum(emitted >= 0))
            return carry, emitted

        init = (self.hidden[...], self.prev_token[...], self.frames_seen[...], jnp.array(0))
        (h, prev_token, frames_seen, n_emitted), tokens = scan(on_chunk, init, chunks)
        self.hidden[...] = h
        self.prev_token[...] = prev_token
        self.frames_seen[...] = frames_seen
        return tokens.reshape(-1), n_emitted


def main():
    decoder = StreamingCTCDecoder(N_MELS, 16, VOCAB, rngs=nnx.Rngs(0))
    audio = jax.random.normal(jax.random.key(1), (6 * CHUNK, N_MELS))
    chunks = audio.reshape(6, CHUNK, N_MELS)
    decoder.reset()
    tokens, n_emitted = decoder.decode_stream(chunks)
    jax.block_until_ready((tokens, n_emitted, decoder.frames_seen[...]))
