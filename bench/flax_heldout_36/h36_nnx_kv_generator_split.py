# label: ok
# flax-error: none
# class: 2 Generator.generate splits self.model, carries its state (KVCache included) through the raw while_loop and merges it in the body
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class KVCache(nnx.Variable):
    pass


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.wk = nnx.Linear(dim, dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)
        self.keys = KVCache(jnp.zeros((batch, max_len, dim)))
        self.index = KVCache(jnp.array(0, jnp.int32))

    def decode_step(self, tok):
        q = self.embed(tok)
        idx = self.index[...]
        self.keys[...] = self.keys[...].at[:, idx].set(self.wk(q))
        self.index[...] = idx + 1
        mask = jnp.arange(self.keys.shape[1]) <= idx
        scores = jnp.where(mask, jnp.einsum("bd,btd->bt", q, self.keys[...]), -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores, -1), self.keys[...])
        return self.head(ctx)


class Generator:
    def __init__(self, model, max_new, eos=0):
        self.model = model
        self.max_new = max_new
        self.eos = eos

    def generate(self, prompt):
        def cond(carry):
            i, tok, done, _ = carry
            return (i < self.max_new) & ~jnp.all(done)

        graphdef, state = nnx.split(self.model)

        def body(carry):
            i, tok, done, state = carry
            model = nnx.merge(graphdef, state)
            logits = model.decode_step(tok)
            nxt = jnp.argmax(logits, -1)
            return i + 1, nxt, done | (nxt == self.eos), nnx.state(model)

        i, tok, done, state = while_loop(cond, body, (0, prompt, jnp.zeros(prompt.shape, bool), state))
        nnx.update(self.model, state)
        return i, tok, done


def main():
    model = TinyLM(vocab=8, dim=4, max_len=6, batch=2, rngs=nnx.Rngs(0))
    Generator(model, max_new=5).generate(jnp.array([3, 5]))
    return None
