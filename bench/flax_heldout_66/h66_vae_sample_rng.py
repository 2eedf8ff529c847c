# label: same-values
# flax-error: none
# class: 2 one 'sample' key captured from outside is passed to apply(rngs=...) in every raw fori_loop iteration
"""VAE sampling loop: draw a batch of decoded samples per iteration with jax.lax.fori_loop
writing into a preallocated buffer; the rngs dict is built once outside the loop. Returns
the latent samples of every iteration."""
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
    rngs = {"sample": jax.random.key(7)}
    buf = jnp.zeros((4, 2, 3))

    def body(i, buf):
        _, z = vae.apply(params, x, rngs=rngs)
        return buf.at[i].set(z)

    return lax.fori_loop(0, 4, body, buf)
