# label: ok
# flax-error: none
# class: 2 rng drawn with make_rng before the scan, split and passed as xs; returns per-step noise
import jax
import jax.numpy as jnp
from flax import linen as nn


class Diffuse(nn.Module):
    T: int = 5

    @nn.compact
    def __call__(self, x):
        den = nn.Dense(x.shape[-1])
        x = den(x)
        keys = jax.random.split(self.make_rng("sample"), self.T)

        def body(x, k):
            z = jax.random.normal(k, x.shape)
            return den(x) + 0.1 * z, z

        x, zs = jax.lax.scan(body, x, keys)
        return zs


def main():
    d = Diffuse()
    x = jnp.ones((3,))
    params = d.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, x)
    zs = d.apply(params, x, rngs={"sample": jax.random.PRNGKey(5)})
    print(zs)
    return zs
