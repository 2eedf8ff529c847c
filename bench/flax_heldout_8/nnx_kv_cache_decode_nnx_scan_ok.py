# label: ok
# flax-error: none
# class: 1 the decoder with its KV cache is the carry of nnx.scan, used in an inline body
import jax.numpy as jnp
import jax
import flax.nnx as nnx


class KVDecoder(nnx.Module):
    def __init__(self, vocab, width, max_len, rngs):
        self.tok = nnx.Embed(vocab, width, rngs=rngs)
        self.proj_k = nnx.Linear(width, width, rngs=rngs)
        self.proj_v = nnx.Linear(width, width, rngs=rngs)
        self.logits = nnx.Linear(width, vocab, rngs=rngs)
        self.keys = nnx.Cache(jnp.zeros((max_len, width)))
        self.values = nnx.Cache(jnp.zeros((max_len, width)))
        self.pos = nnx.Cache(jnp.array(0))

    def __call__(self, token):
        h = self.tok(token)
        p = self.pos.value
        self.keys.value = self.keys.value.at[p].set(self.proj_k(h))
        self.values.value = self.values.value.at[p].set(self.proj_v(h))
        self.pos.value = p + 1
        att = jax.nn.softmax(jnp.where(jnp.arange(self.keys.value.shape[0]) <= p, self.keys.value @ h, -jnp.inf))
        return self.logits(att @ self.values.value)


def main():
    model = KVDecoder(vocab=11, width=6, max_len=9, rngs=nnx.Rngs(5))

    @nnx.scan(in_axes=(nnx.Carry, None), out_axes=(nnx.Carry, 0), length=8)
    def greedy(carry, _):
        m, tok = carry
        nxt = jnp.argmax(m(tok))
        return (m, nxt), nxt

    (_, _), toks = greedy((model, jnp.array(1)), None)
    print(toks, model.pos.value)
    return None
