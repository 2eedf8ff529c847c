# label: ok
# flax-error: none
# class: 2 decoder returns its keys from the scan and writes the cache with put_variable afterwards
import flax.linen as nn
import jax
import jax.numpy as jnp


class CachingDecoder(nn.Module):
    dim: int = 8

    def setup(self):
        self.key_proj = nn.Dense(self.dim)

    def __call__(self, xs):
        self.key_proj(xs[0])

        def step(h, x):
            k = self.key_proj(x)
            return h + k, k

        h, keys = jax.lax.scan(step, jnp.zeros((xs.shape[1], self.dim)), xs)
        self.put_variable("cache", "key", keys[-1])
        return h


def main():
    xs = jnp.ones((4, 2, 8))
    dec = CachingDecoder()
    variables = dec.init(jax.random.PRNGKey(0), xs)
    _, mutated = dec.apply(variables, xs, mutable=["cache"])
    print(jnp.abs(mutated["cache"]["key"]).max())
