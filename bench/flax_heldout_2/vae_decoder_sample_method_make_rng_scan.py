# label: same-values
# flax-error: none
# class: 3 VAE sample method run with apply(method=) draws latents with make_rng per scan step
import jax
import jax.numpy as jnp
from flax import linen as nn


class VAE(nn.Module):
    latent: int = 4
    out: int = 10

    def setup(self):
        self.enc = nn.Dense(2 * self.latent)
        self.dec = nn.Dense(self.out)

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("latent"), mu.shape)
        return self.dec(z)

    def sample(self, n_batches: int):
        def body(carry, _):
            z = jax.random.normal(self.make_rng("latent"), (3, self.latent))
            return carry, nn.sigmoid(self.dec(z))

        _, imgs = jax.lax.scan(body, None, None, length=n_batches)
        return imgs


def main():
    x = jnp.ones((3, 10))
    model = VAE()
    variables = model.init({"params": jax.random.PRNGKey(0), "latent": jax.random.PRNGKey(1)}, x)
    return model.apply(variables, 5, method=model.sample, rngs={"latent": jax.random.PRNGKey(2)})
