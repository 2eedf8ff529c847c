# label: ok
# flax-error: none
# class: 3 params closed over by the raw fori_loop body, the key split into one key per step before the loop
"""Autoregressive Gumbel-max sampling with one key per step."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class TinyLM(nn.Module):
    vocab: int = 20

    @nn.compact
    def __call__(self, tok):
        h = nn.Embed(self.vocab, 16)(tok)
        return nn.Dense(self.vocab)(nn.gelu(h))


def sample(model, params, key, n_steps, batch):
    keys = jax.random.split(key, n_steps)
    noise0 = jnp.zeros((n_steps, batch, model.vocab))

    def body(i, state):
        tok, noise = state
        logits = model.apply({"params": params}, tok)
        g = jax.random.gumbel(keys[i], logits.shape)
        tok = jnp.argmax(logits + g, axis=-1)
        return tok, noise.at[i].set(g)

    _, noise = lax.fori_loop(0, n_steps, body, (jnp.zeros((batch,), jnp.int32), noise0))
    return noise


def main():
    model = TinyLM()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((4,), jnp.int32))["params"]
    return sample(model, params, jax.random.PRNGKey(1), 6, 4)
