# label: ok
# flax-error: none
# class: 3 the 'cache' collection of Generator.variables goes into the while_loop carry and apply is called with mutable=['cache']
"""Greedy decoding with a hand-written key cache, loop written with lax.while_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB, DIM, MAX_LEN = 32, 16, 10


class CachedDecoder(nn.Module):
    @nn.compact
    def __call__(self, tok):
        batch = tok.shape[0]
        x = nn.Embed(VOCAB, DIM)(tok)
        is_ready = self.has_variable('cache', 'keys')
        keys = self.variable('cache', 'keys', jnp.zeros, (batch, MAX_LEN, DIM))
        index = self.variable('cache', 'index', lambda: jnp.array(0, jnp.int32))
        k = nn.Dense(DIM)(x)
        if is_ready:
            keys.value = lax.dynamic_update_slice(keys.value, k[:, None], (0, index.value, 0))
            index.value = index.value + 1
        mask = jnp.arange(MAX_LEN) < index.value
        scores = jnp.where(mask, jnp.einsum('bd,btd->bt', x, keys.value), -1e9)
        ctx = jnp.einsum('bt,btd->bd', jax.nn.softmax(scores), keys.value)
        return nn.Dense(VOCAB)(x + ctx)


class Generator:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def generate(self, first_tok, steps):
        out = jnp.zeros((first_tok.shape[0], steps), jnp.int32)
        params = self.variables['params']

        def cond(state):
            i, _, _, _ = state
            return i < steps

        def body(state):
            i, tok, cache, out = state
            logits, mutated = self.model.apply({'params': params, 'cache': cache}, tok, mutable=['cache'])
            tok = jnp.argmax(logits, -1).astype(jnp.int32)
            return i + 1, tok, mutated['cache'], out.at[:, i].set(tok)

        _, _, cache, out = lax.while_loop(cond, body, (0, first_tok, self.variables['cache'], out))
        return out


def main():
    model = CachedDecoder()
    first = jnp.array([1, 2], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), first)
    gen = Generator(model, variables)
    print(gen.generate(first, 6))
    return None
