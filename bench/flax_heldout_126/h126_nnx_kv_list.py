# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls self.model(tok) on a Generator; TinyLM appends each step's key/value to its plain-list attribute self.past
"""Prompt prefill plus greedy continuation with an NNX toy LM that keeps a
`past_key_values`-style Python list on the module.

Prefill runs eagerly token by token; the continuation is a lax.scan.  Afterwards the
stacked keys are inspected to check the cache length.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

VOCAB, DIM = 10, 8


class TinyLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.wq = nnx.Linear(DIM, DIM, rngs=rngs)
        self.wk = nnx.Linear(DIM, DIM, rngs=rngs)
        self.wv = nnx.Linear(DIM, DIM, rngs=rngs)
        self.head = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.past = []

    def __call__(self, tok):
        x = self.embed(tok)
        self.past.append((self.wk(x), self.wv(x)))
        keys = jnp.stack([k for k, _ in self.past])
        values = jnp.stack([v for _, v in self.past])
        att = jax.nn.softmax(keys @ self.wq(x) / jnp.sqrt(DIM))
        return self.head(x + att @ values)


class Generator:
    def __init__(self, model):
        self.model = model

    def prefill(self, prompt):
        for tok in prompt:
            logits = self.model(tok)
        return jnp.argmax(logits).astype(jnp.int32)

    def continue_greedy(self, tok, steps):
        def body(tok, _):
            nxt = jnp.argmax(self.model(tok)).astype(jnp.int32)
            return nxt, nxt

        _, tokens = lax.scan(body, tok, None, length=steps)
        return tokens


def main():
    gen = Generator(TinyLM(nnx.Rngs(0)))
    first = gen.prefill(jnp.array([1, 4, 2], jnp.int32))
    tokens = gen.continue_greedy(first, 4)
    cached_keys = jnp.stack([k for k, _ in gen.model.past])
    print("tokens", tokens, "cached keys", cached_keys.shape)
    return None
