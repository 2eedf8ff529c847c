# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 Generator.variables (with the 'cache' collection) is used by self.model.apply in the while_loop body without mutable=
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

        def cond(state):
            i, _, _ = state
            return i < steps

        def body(state):
            i, tok, out = state
            logits = self.model.apply(self.variables, tok)
            tok = jnp.argmax(logits, -1).astype(jnp.int32)
            return i + 1, tok, out.at[:, i].set(tok)

        _, _, out = lax.while_loop(cond, body, (0, first_tok, out))
        return out


def main():
    model = CachedDecoder()
    first = jnp.array([1, 2], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), first)
    gen = Generator(model, variables)
    print(gen.generate(first, 6))
    return None
