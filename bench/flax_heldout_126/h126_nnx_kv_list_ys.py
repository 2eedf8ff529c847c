# label: ok
# flax-error: none
# class: 3 the scan body calls self.model.step(tok) on a Generator, which reads TinyLM's plain-list self.past; the new keys/values leave as ys and are appended after the loop
"""Prompt prefill plus greedy continuation with an NNX toy LM that keeps a
`past_key_values`-style Python list on the module.

Prefill runs eagerly token by token; the continuation is a lax.scan whose steps return
their keys and values as scan outputs, appended to the list once the loop is done.
Afterwards the stacked keys are inspected to check the cache length.
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

    def step(self, tok):
        x = self.embed(tok)
        kv = (self.wk(x), self.wv(x))
        keys = jnp.stack([k for k, _ in self.past] + [kv[0]])
        values = jnp.stack([v for _, v in self.past] + [kv[1]])
        att = jax.nn.softmax(keys @ self.wq(x) / jnp.sqrt(DIM))
        return self.head(x + att @ values), kv

    def __call__(self, tok):
        logits, kv = self.step(tok)
        self.past.append(kv)
        return logits


class Generator:
    def __init__(self, model):
        self.model = model

    def prefill(self, prompt):
        for tok in prompt:
            logits = self.model(tok)
        return jnp.argmax(logits).astype(jnp.int32)

    def continue_greedy(self, tok, steps):
        def body(tok, _):
            logits, kv = self.model.step(tok)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, (nxt, kv)

        _, (tokens, (ks, vs)) = lax.scan(body, tok, None, length=steps)
        self.model.past.extend(zip(ks, vs))
        return tokens


def main():
    gen = Generator(TinyLM(nnx.Rngs(0)))
    first = gen.prefill(jnp.array([1, 4, 2], jnp.int32))
    tokens = gen.continue_greedy(first, 4)
    cached_keys = jnp.stack([k for k, _ in gen.model.past])
    print("tokens", tokens, "cached keys", cached_keys.shape)
    return None
