# label: ok
# flax-error: none
# class: 2 SamplingSummarizer splits self.sample_key into one key per step and indexes it in each while_loop iteration
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GumbelHead(nn.Module):
    vocab: int = 24

    @nn.compact
    def __call__(self, h):
        logits = nn.Dense(self.vocab)(h)
        u = jax.random.uniform(self.make_rng("sample"), logits.shape, minval=1e-6, maxval=1.0)
        gumbel = -jnp.log(-jnp.log(u))
        return logits, gumbel


class SamplingSummarizer:
    def __init__(self, head, variables, max_len, seed=0):
        self.head = head
        self.variables = variables
        self.max_len = max_len
        self.sample_key = jax.random.PRNGKey(seed)

    def sample(self, h0):
        keys = jax.random.split(self.sample_key, self.max_len)

        def cond(carry):
            return carry[0] < self.max_len

        def body(carry):
            i, h, noise = carry
            logits, g = self.head.apply(self.variables, h, rngs={"sample": keys[i]})
            tok = jnp.argmax(logits + g, -1)
            h = jnp.tanh(h + 0.1 * tok[:, None])
            return i + 1, h, noise.at[i].set(g)

        noise = jnp.zeros((self.max_len, h0.shape[0], self.head.vocab))
        return lax.while_loop(cond, body, (0, h0, noise))[2]


def main():
    head = GumbelHead()
    h0 = jnp.ones((2, 8))
    variables = head.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, h0)
    return SamplingSummarizer(head, variables, max_len=5).sample(h0)
