# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Generator.generate runs the while_loop and reaches the decoder's cache and Dense layers through self.decoder.step
"""Sampling until an end-of-sequence token with lax.while_loop, initialising through `generate`.

Shape of reports where `init` is called with `method=Generator.generate`, so the decoder's
parameters and cache are first created inside the while_loop body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB, DIM, MAX_LEN, EOS = 9, 8, 7, 1


class StepDecoder(nn.Module):
    @nn.compact
    def step(self, token, position):
        emb = nn.Embed(VOCAB, DIM)(token)
        history = self.variable("cache", "history", jnp.zeros, (token.shape[0], MAX_LEN, DIM))
        history.value = history.value.at[:, position].set(emb)
        pooled = history.value.sum(axis=1) / (position + 1)
        return nn.Dense(VOCAB)(nn.tanh(nn.Dense(DIM)(pooled)))


class Generator(nn.Module):
    def setup(self):
        self.decoder = StepDecoder()

    def generate(self, bos):
        def cond(state):
            position, token, _ = state
            return (position < MAX_LEN) & jnp.all(token != EOS)

        def body(state):
            position, token, out = state
            logits = self.decoder.step(token, position)
            token = jnp.argmax(logits, axis=-1)
            return position + 1, token, out.at[:, position].set(token)

        out = jnp.zeros((bos.shape[0], MAX_LEN), jnp.int32)
        _, _, out = lax.while_loop(cond, body, (0, bos, out))
        return out


def main():
    model = Generator()
    bos = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), bos, method=Generator.generate)
    tokens, _ = model.apply(variables, bos, method=Generator.generate, mutable=["cache"])
    jax.block_until_ready(tokens)
    return None
