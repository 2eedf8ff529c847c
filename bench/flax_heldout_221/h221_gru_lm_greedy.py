# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the while_loop body applies the LM with the enclosing function's locals params and cache, without mutable=['cache']
"""Greedy decoding from a GRU language model (teacher forcing off).

Shape of a report on autoregressive decoding with a 'cache' collection: the
model keeps its hidden state in the cache when decode=True, the user feeds
each argmax token back in with jax.lax.while_loop until EOS, and applies the
model with the cache captured from the enclosing function.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
EOS = 0


class GRULM(nn.Module):
    vocab: int = 11
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens, decode=True):
        x = nn.Embed(self.vocab, self.hidden)(tokens)
        cell = nn.GRUCell(self.hidden)
        is_initialized = self.has_variable('cache', 'h')
        h = self.variable('cache', 'h', jnp.zeros, (tokens.shape[0], self.hidden))
        new_h, y = cell(h.value, x)
        if is_initialized:
            h.value = new_h
        return nn.Dense(self.vocab)(y)


def generate(model, params, cache, bos, max_len=12):
    out = jnp.zeros((bos.shape[0], max_len), jnp.int32)

    def cond(state):
        tok, i, _ = state
        return (i < max_len) & jnp.any(tok != EOS)

    def body(state):
        tok, i, out = state
        logits = model.apply({'params': params, 'cache': cache}, tok)
        tok = jnp.argmax(logits, -1).astype(jnp.int32)
        return tok, i + 1, out.at[:, i].set(tok)

    _, n, out = lax.while_loop(cond, body, (bos, 0, out))
    return out, n


def main():
    model = GRULM()
    bos = jnp.full((3,), 5, jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), bos)
    out, n = generate(model, variables['params'], variables['cache'], bos)
    print(out.shape, int(n))
    return None
