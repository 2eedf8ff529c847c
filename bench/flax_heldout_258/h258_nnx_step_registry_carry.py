# label: ok
# flax-error: none
# class: 5 the jax.lax.scan body merges the model from state threaded through the carry and calls an nnx.jit decode step looked up in the DECODE_STEPS registry
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, DIM, MAX_LEN = 9, 8, 5
BOS = 0

DECODE_STEPS = {}


def register(name):
    def wrap(fn):
        DECODE_STEPS[name] = fn
        return fn

    return wrap


class TinySeq2Seq(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.src_embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.tgt_embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.cell = nnx.SimpleCell(DIM, DIM, rngs=rngs)
        self.logits = nnx.Linear(DIM, VOCAB, rngs=rngs)

    def encode(self, src):
        return self.src_embed(src).mean(axis=1)

    def step(self, h, token):
        h, y = self.cell(h, self.tgt_embed(token))
        return h, self.logits(y)


@register("greedy")
@nnx.jit
def greedy_step(model, h, token):
    h, logits = model.step(h, token)
    return h, jnp.argmax(logits, axis=-1)


def decode(model, src, strategy="greedy"):
    step_fn = DECODE_STEPS[strategy]
    graphdef, state = nnx.split(model)
    h0 = model.encode(src)
    token0 = jnp.full((src.shape[0],), BOS)

    def body(carry, _):
        state, h, token = carry
        model = nnx.merge(graphdef, state)
        h, token = step_fn(model, h, token)
        return (nnx.state(model), h, token), token

    (state, _, _), tokens = jax.lax.scan(body, (state, h0, token0), None, length=MAX_LEN)
    nnx.update(model, state)
    return tokens.T


def main():
    model = TinySeq2Seq(rngs=nnx.Rngs(3))
    src = jnp.array([[1, 2, 3], [4, 5, 6], [7, 8, 1]])
    tokens = decode(model, src)
    jax.block_until_ready(tokens)
