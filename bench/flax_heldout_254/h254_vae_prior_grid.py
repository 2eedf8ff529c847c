# label: same-values
# flax-error: none
# class: 5 the latent key drawn from the VAE's rng stream is closed over by the step function that make_prior_sampler returns
"""Small MLP VAE on binarised toy images; draws a grid of samples from the prior for a progress plot."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    latent_dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        return nn.Dense(self.latent_dim)(h), nn.Dense(self.latent_dim)(h)


class Decoder(nn.Module):
    out_dim: int

    @nn.compact
    def __call__(self, z):
        return nn.Dense(self.out_dim)(nn.relu(nn.Dense(32)(z)))


class VAE(nn.Module):
    latent_dim: int = 3
    out_dim: int = 16

    def setup(self):
        self.encoder = Encoder(self.latent_dim)
        self.decoder = Decoder(self.out_dim)

    def __call__(self, x):
        mean, logvar = self.encoder(x)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("latent"), mean.shape)
        return self.decoder(z), mean, logvar

    def decode(self, z):
        return nn.sigmoid(self.decoder(z))

    def sample_grid(self, rows: int, cols: int):
        draw = make_prior_sampler(self.decode, self.make_rng("latent"), (cols, self.latent_dim))
        _, images = jax.lax.scan(draw, None, None, length=rows)
        return images


def make_prior_sampler(decode_fn, key, latent_shape):
    def draw(carry, _):
        z = jax.random.normal(key, latent_shape)
        return carry, decode_fn(z)

    return draw


def main():
    vae = VAE()
    x = (jax.random.uniform(jax.random.key(0), (4, 16)) > 0.5).astype(jnp.float32)
    variables = vae.init({"params": jax.random.key(1), "latent": jax.random.key(2)}, x)
    grid = vae.apply(variables, 5, 4, method=VAE.sample_grid, rngs={"latent": jax.random.key(3)})
    return grid


if __name__ == "__main__":
    print(main().shape)
