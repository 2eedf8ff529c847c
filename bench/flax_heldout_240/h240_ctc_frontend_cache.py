# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "left_context" in "/frontend" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body calls self.frontend, a submodule whose 'cache' variable (the left audio context) it reads and writes for every chunk
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
    def __call__(self, chunk):
        is_initialized = self.has_variable("cache", "left_context")
        left = self.variable(
            "cache", "left_context", jnp.zeros, (chunk.shape[0], self.context, chunk.shape[-1])
        )
        window = jnp.concatenate([left.value, chunk], axis=1)
        if is_initialized:
            left.value = window[:, -self.context :]
        h = nn.Conv(self.features, kernel_size=(self.context + 1,), padding="VALID")(window)
        return nn.gelu(h)


class StreamingCTC(nn.Module):
    vocab: int = VOCAB

    def setup(self):
        self.frontend = CausalConvFrontend()
        self.classifier = nn.Dense(self.vocab + 1)

    def step(self, chunk):
        return jax.nn.log_softmax(self.classifier(self.frontend(chunk)), axis=-1)

    def __call__(self, chunks):
        n_chunks, batch, frames, _ = chunks.shape

        def body(i, log_probs):
            return log_probs.at[i].set(self.step(chunks[i]))

        out = jnp.zeros((n_chunks, batch, frames, self.vocab + 1))
        return fori_loop(0, n_chunks, body, out)


def greedy_ctc(log_probs):
    best = jnp.argmax(log_probs, axis=-1)
    keep = (best != BLANK) & (best != jnp.pad(best, ((0, 0), (1, 0)))[:, :-1])
    return jnp.where(keep, best, -1)


def main():
    model = StreamingCTC()
    audio = jax.random.normal(jax.random.key(1), (2, 5 * CHUNK, N_MELS))
    chunks = jnp.stack(jnp.split(audio, 5, axis=1))
    variables = model.init(jax.random.key(0), chunks[0], method=StreamingCTC.step)
    log_probs = model.apply(variables, chunks)
    frames = jnp.concatenate(list(log_probs), axis=1)
    jax.block_until_ready(greedy_ctc(frames))
