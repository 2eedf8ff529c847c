# label: ok
# flax-error: none
# class: 3 decoder submodules built by __call__ during init are reused read-only by refine() inside the fori_loop of the sample method (apply method=)
"""Iterative-refinement VAE: the decoder refines a latent code over several passes."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class VAEConfig:
    data_dim: int = 12
    latent_dim: int = 4
    hidden: int = 16
    refine_steps: int = 3


class MLPBlock(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(self.hidden, name="fc_in")(x))
        return nn.Dense(self.out, name="fc_out")(h)


class Encoder(nn.Module):
    config: VAEConfig

    @nn.compact
    def __call__(self, x):
        h = MLPBlock(self.config.hidden, 2 * self.config.latent_dim)(x)
        mean, logvar = jnp.split(h, 2, axis=-1)
        return mean, logvar


class RefiningDecoder(nn.Module):
    config: VAEConfig

    def setup(self):
        self.to_data = MLPBlock(self.config.hidden, self.config.data_dim)
        self.to_latent = nn.Dense(self.config.latent_dim)

    def refine(self, z):
        x = self.to_data(z)
        return z + 0.1 * self.to_latent(x), x

    def __call__(self, z):
        # one refinement pass at training time, so every layer gets its parameters
        _, x = self.refine(z)
        return x


class VAE(nn.Module):
    config: VAEConfig

    def setup(self):
        self.encoder = Encoder(self.config)
        self.decoder = RefiningDecoder(self.config)

    def __call__(self, x, key):
        mean, logvar = self.encoder(x)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(key, mean.shape)
        return self.decoder(z), mean, logvar

    def sample(self, z):
        def body(_, carry):
            z, _ = carry
            return self.decoder.refine(z)

        x0 = jnp.zeros(z.shape[:-1] + (self.config.data_dim,))
        return jax.lax.fori_loop(0, self.config.refine_steps, body, (z, x0))[1]


def draw_samples(model, variables, key, n):
    z = jax.random.normal(key, (n, model.config.latent_dim))
    return model.apply(variables, z, method=VAE.sample)


def main():
    config = VAEConfig()
    model = VAE(config)
    x = jnp.ones((2, config.data_dim))
    variables = model.init(jax.random.key(0), x, jax.random.key(2))
    variables = jax.tree.map(lambda a: a + 0, variables)
    samples = draw_samples(model, variables, jax.random.key(1), 4)
    assert samples.shape == (4, config.data_dim)
    return None
