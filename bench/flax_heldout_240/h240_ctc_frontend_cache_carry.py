# label: ok
# flax-error: none
# class: 3 the fori_loop body calls self.frontend, a submodule that takes the left audio context from the loop carry and hands the new context back to it
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop

N_MELS = 8
CHUNK = 4
VOCAB = 6
BLANK = 0


class CausalConvFrontend(nn.Module):
    features: int = 16
    context: int = 2

    @nn.compact
    def __call__(self, chunk, left_context):
        window = jnp.concatenate([left_context, chunk], axis=1)
        h = nn.Conv(self.features, kernel_size=(self.context + 1,), padding="VALID")(window)
        return nn.gelu(h), window[:, -self.context :]

    def initial_context(self, batch, n_mels):
        return jnp.zeros((batch, self.context, n_mels))


class StreamingCTC(nn.Module):
    vocab: int = VOCAB

    def setup(self):
        self.frontend = CausalConvFrontend()
        self.classifier = nn.Dense(self.vocab + 1)

    def step(self, chunk, left_context):
        h, left_context = self.frontend(chunk, left_context)
        return jax.nn.log_softmax(self.classifier(h), axis=-1), left_context

    def __call__(self, chunks, left_context=None):
        n_chunks, batch, frames, n_mels = chunks.shape
        if left_context is None:
            left_context = self.frontend.initial_context(batch, n_mels)

        def body(i, carry):
            log_probs, ctx = carry
            lp, ctx = self.step(chunks[i], ctx)
            return log_probs.at[i].set(lp), ctx

        out = jnp.zeros((n_chunks, batch, frames, self.vocab + 1))
        return fori_loop(0, n_chunks, body, (out, left_context))


def greedy_ctc(log_probs):
    best = jnp.argmax(log_probs, axis=-1)
    keep = (best != BLANK) & (best != jnp.pad(best, ((0, 0), (1, 0)))[:, :-1])
    return jnp.where(keep, best, -1)


def main():
    model = StreamingCTC()
    audio = jax.random.normal(jax.random.key(1), (2, 5 * CHUNK, N_MELS))
    chunks = jnp.stack(jnp.split(audio, 5, axis=1))
    ctx0 = jnp.zeros((2, 2, N_MELS))
    variables = model.init(jax.random.key(0), chunks[0], ctx0, method=StreamingCTC.step)
    log_probs, left_context = model.apply(variables, chunks)
    frames = jnp.concatenate(list(log_probs), axis=1)
    jax.block_until_ready((greedy_ctc(frames), left_context))
