# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 decoder stores its last hidden state with self.put_variable("cache", ...) in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


class CachedDecoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        proj = nn.Dense(self.hidden)
        h0 = proj(xs[0])

        def step(h, x):
            h = jnp.tanh(proj(h) + x)
            self.put_variable("cache", "last_hidden", h)
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    xs = jnp.ones((3, 2, 8))
    dec = CachedDecoder()
    variables = dec.init(jax.random.PRNGKey(0), xs)
    dec.apply(variables, xs)
