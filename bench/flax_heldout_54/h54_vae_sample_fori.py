# label: same-values
# flax-error: none
# class: 2 the rngs dict built from one key outside the raw fori_loop is passed to apply on every iteration
"""'Same random numbers every iteration': drawing several posterior samples from a VAE encoder in
a lax.fori_loop, passing rngs={'sample': key} with the same key each time. Returns the samples."""
import jax
import jax.numpy as jnp
import flax.linen as nn

N_SAMPLES = 5


class Encoder(nn.Module):
    latent: int = 2

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16)(x))
        mu, logvar = nn.Dense(self.latent)(h), nn.Dense(self.latent)(h)
        eps = jax.random.normal(self.make_rng("sample"), mu.shape)
        return mu + jnp.exp(0.5 * logvar) * eps


def main():
    enc = Encoder()
    x = jnp.ones((1, 8))
    key = jax.random.PRNGKey(0)
    params = enc.init({"params": key, "sample": key}, x)

    def body(i, samples):
        z = enc.apply(params, x, rngs={"sample": key})
        return samples.at[i].set(z[0])

    samples = jax.lax.fori_loop(0, N_SAMPLES, body, jnp.zeros((N_SAMPLES, 2)))
    return samples
