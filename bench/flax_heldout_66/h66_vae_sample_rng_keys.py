# label: ok
# flax-error: none
# class: 4 a table of keys split before the raw fori_loop is indexed with the loop counter
"""VAE sampling loop with jax.lax.fori_loop; one key per iteration is split up front and
indexed with the loop counter. Returns the latent samples of every iteration."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class VAE(nn.Module):
    latent: int = 3

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(8, name="enc")(x))
        mu, logvar = nn.Dense(self.latent, name="mu")(h), nn.Dense(self.latent, name="logvar")(h)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("sample"), mu.shape)
        return nn.Dense(x.shape[-1], name="dec")(z), z


def main():
    vae = VAE()
    x = jnp.ones((2, 5))
    params = vae.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, x)
    keys = jax.random.split(jax.random.key(7), 4)
    buf = jnp.zeros((4, 2, 3))

    def body(i, buf):
        _, z = vae.apply(params, x, rngs={"sample": keys[i]})
        return buf.at[i].set(z)

    return lax.fori_loop(0, 4, body, buf)
