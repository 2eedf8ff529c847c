# label: ok
# flax-error: none
# class: 5 make_chunk_runner's while_loop body merges the encoder from the state in its carry and returns the split state there; the runner updates the encoder from the loop's final carry
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

N_MELS = 6
CHUNK = 3
HID = 12
VOCAB = 4
EOU = VOCAB  # end-of-utterance symbol


class ChunkEncoder(nnx.Module):
    def __init__(self, *, rngs):
        self.proj = nnx.Linear(N_MELS, HID, rngs=rngs)
        self.mix = nnx.Linear(2 * HID, HID, rngs=rngs)
        self.classifier = nnx.Linear(HID, VOCAB + 2, rngs=rngs)
        self.summary = nnx.Cache(jnp.zeros((HID,)))

    def __call__(self, chunk):
        h = jnp.tanh(self.proj(chunk))
        ctx = jnp.broadcast_to(self.summary[...], h.shape)
        h = jnp.tanh(self.mix(jnp.concatenate([h, ctx], axis=-1)))
        self.summary[...] = 0.5 * self.summary[...] + 0.5 * h.mean(axis=0)
        return jax.nn.log_softmax(self.classifier(h), axis=-1)


def make_chunk_runner(encoder, max_chunks):
    graphdef, state = nnx.split(encoder)

    def keep_going(carry):
        i, _, finished, _ = carry
        return (i < max_chunks) & ~finished

    def run(chunks):
        def body(carry):
            i, state, _, log_probs = carry
            enc = nnx.merge(graphdef, state)
            lp = enc(chunks[i])
            _, state = nnx.split(enc)
            finished = jnp.any(jnp.argmax(lp, axis=-1) == EOU)
            return i + 1, state, finished, log_probs.at[i].set(lp)

        log_probs = jnp.zeros((max_chunks, CHUNK, VOCAB + 2))
        n, final_state, _, log_probs = while_loop(
            keep_going, body, (jnp.int32(0), state, jnp.bool_(False), log_probs)
        )
        nnx.update(encoder, final_state)
        return n, log_probs

    return run


def main():
    encoder = ChunkEncoder(rngs=nnx.Rngs(0))
    audio = jax.random.normal(jax.random.key(1), (5 * CHUNK, N_MELS))
    chunks = audio.reshape(5, CHUNK, N_MELS)
    run = make_chunk_runner(encoder, max_chunks=5)
    n_chunks, log_probs = run(chunks)
    tail = encoder(chunks[-1])
    jax.block_until_ready((n_chunks, log_probs, tail))
