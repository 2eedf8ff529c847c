# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 PromptedDecoder.prime runs the scan itself and writes its own 'cache' state in the body; decoding then continues from the returned cache

import jax
from jax import numpy as jnp
from flax import linen as fnn
from jax.lax import scan


class PromptedDecoder(fnn.Module):
    vocab: int = 9
    features: int = 6

    def setup(self):
        self.embed = fnn.Embed(self.vocab, self.features)
        self.rnn = fnn.GRUCell(self.features)
        self.head = fnn.Dense(self.vocab)
        self.state = self.variable("cache", "state", lambda: jnp.zeros((1, self.features)))

    def __call__(self, token):
        new_state, out = self.rnn(self.state.value, self.embed(token))
        self.state.value = new_state
        return self.head(out)

    def prime(self, prompt):
        """Feed the whole prompt, return the logits after its last token."""

        def body(_, tok):
            new_state, out = self.rnn(self.state.value, self.embed(tok))
            self.state.value = new_state
            return None, out

        _, outs = scan(body, None, prompt)
        return self.head(outs[-1])


def greedy_continue(model, params, cache, logits, steps):
    tokens = []
    for _ in range(steps):
        tok = jnp.argmax(logits, axis=-1)
        tokens.append(tok)
        logits, updated = model.apply({"params": params, **cache}, tok, mutable=["cache"])
        cache = updated
    return jnp.stack(tokens)


def main():
    model = PromptedDecoder()
    variables = model.init(jax.random.key(0), jnp.zeros((1,), jnp.int32))
    params = variables["params"]
    prompt = jnp.array([[2], [5], [3], [7]], jnp.int32)

    logits, cache = model.apply(
        {"params": params, "cache": variables["cache"]}, prompt,
        method=PromptedDecoder.prime, mutable=["cache"])
    continuation = greedy_continue(model, params, cache, logits, steps=4)
    jax.block_until_ready(continuation)
