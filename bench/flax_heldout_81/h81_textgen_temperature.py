# label: same-values
# flax-error: none
# class: 3 the sampling key is closed over by the scan body and never split
"""Token-by-token text generation with temperature sampling, rewritten from a Python loop to lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 32


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tok, h):
        x = nn.Embed(VOCAB, 16)(tok)
        h = nn.tanh(nn.Dense(16)(jnp.concatenate([x, h], -1)))
        return nn.Dense(VOCAB)(h), h


def generate(model, params, key, prompt_tok, steps, temperature=0.8):
    def step(carry, _):
        tok, h = carry
        logits, h = model.apply(params, tok, h)
        gumbel = jax.random.gumbel(key, logits.shape)  # Gumbel-max trick = categorical sampling
        nxt = jnp.argmax(logits / temperature + gumbel, axis=-1)
        return (nxt, h), gumbel

    h0 = jnp.zeros((prompt_tok.shape[0], 16))
    _, noise = lax.scan(step, (prompt_tok, h0), None, length=steps)
    return noise


def main():
    model = TinyLM()
    prompt = jnp.array([1, 5, 7])
    params = model.init(jax.random.PRNGKey(0), prompt, jnp.zeros((3, 16)))
    return generate(model, params, jax.random.PRNGKey(42), prompt, steps=10)
