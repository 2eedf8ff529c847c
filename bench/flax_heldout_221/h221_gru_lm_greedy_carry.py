# label: ok
# flax-error: none
# class: 2 the cache travels in the while_loop carry; the body applies the LM with mutable=['cache'] and returns the new cache
"""Greedy decoding from a GRU language model (teacher forcing off).

Twin of h221_gru_lm_greedy: the cache is part of the while_loop state, the
body applies the model with mutable=['cache'] and carries the updated cache
to the next step.
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
        tok, i, _, _ = state
        return (i < max_len) & jnp.any(tok != EOS)

    def body(state):
        tok, i, out, cache = state
        logits, mutated = model.apply({'params': params, 'cache': cache}, tok,
                                      mutable=['cache'])
        tok = jnp.argmax(logits, -1).astype(jnp.int32)
        return tok, i + 1, out.at[:, i].set(tok), mutated['cache']

    _, n, out, _ = lax.while_loop(cond, body, (bos, 0, out, cache))
    return out, n


def main():
    model = GRULM()
    bos = jnp.full((3,), 5, jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), bos)
    out, n = generate(model, variables['params'], variables['cache'], bos)
    print(out.shape, int(n))
    return None
