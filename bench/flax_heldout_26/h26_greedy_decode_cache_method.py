# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 decode method run via apply(method=, mutable=['cache']) calls self (writing 'cache' variables) inside the raw while_loop body
# modelled on: t5x decoding.py DecodingState / temperature_sample while_loop (google-research/t5x)
"""Greedy decoding with a tiny cached decoder, written in the t5x loop style."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, MAX_LEN = 11, 6


class TinyDecoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, token):
        embed = nn.Embed(VOCAB, self.dim)
        is_init = self.has_variable("cache", "state")
        state = self.variable("cache", "state", jnp.zeros, (token.shape[0], self.dim))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        h = jnp.tanh(embed(token) + nn.Dense(self.dim)(state.value))
        if is_init:
            state.value = h
            index.value = index.value + 1
        return nn.Dense(VOCAB)(h)

    def greedy_decode(self, bos):
        def cond(loop_state):
            i, _, _ = loop_state
            return i < MAX_LEN

        def body(loop_state):
            i, token, out = loop_state
            logits = self(token)
            token = jnp.argmax(logits, -1)
            return i + 1, token, out.at[:, i].set(token)

        out = jnp.zeros((bos.shape[0], MAX_LEN), jnp.int32)
        _, _, out = jax.lax.while_loop(cond, body, (jnp.int32(0), bos, out))
        return out


def main():
    model = TinyDecoder()
    bos = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    out, mutated = model.apply(variables, bos, method=TinyDecoder.greedy_decode,
                               mutable=["cache"])
    assert out.shape == (2, MAX_LEN)
    steps_taken = mutated["cache"]["index"] + 0
    assert int(steps_taken) == MAX_LEN
    return None
