# label: ok
# flax-error: none
# class: 1 Decoder.decode runs the fori_loop; the 'cache' keys enter the loop as the initial carry and are updated only in the carry
"""Teacher-forced decoding of a tiny seq2seq decoder with a key cache, one token per fori_loop
step. Cache set up the way the Flax attention examples do (has_variable at init)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

MAX_LEN = 6
D = 8


class Decoder(nn.Module):
    vocab: int = 11

    @nn.compact
    def decode(self, tokens, memory):
        embed = nn.Embed(self.vocab, D)
        to_k = nn.Dense(D)
        to_q = nn.Dense(D)
        out = nn.Dense(self.vocab)
        is_initialized = self.has_variable('cache', 'keys')
        cache = self.variable('cache', 'keys', jnp.zeros, (MAX_LEN, D))
        emb = embed(tokens)
        q0 = to_q(emb[0] + memory)
        k0 = to_k(emb[0])
        logits0 = out(q0 + k0)
        if not is_initialized:
            return jnp.zeros((MAX_LEN, self.vocab)) + logits0

        def step(i, carry):
            keys, logits = carry
            e = emb[i] + memory
            keys = keys.at[i].set(to_k(e))
            q = to_q(e)
            att = jax.nn.softmax(keys @ q) @ keys
            return keys, logits.at[i].set(out(att))

        init = (cache.value, jnp.zeros((MAX_LEN, self.vocab)))
        _, logits = fori_loop(0, MAX_LEN, step, init)
        return logits


def main():
    model = Decoder()
    tokens = jnp.arange(MAX_LEN) % 11
    memory = jnp.ones((D,))
    variables = model.init(jax.random.key(0), tokens, memory, method=Decoder.decode)
    logits = model.apply(variables, tokens, memory, method=Decoder.decode)
    print(logits.shape)
    return None
