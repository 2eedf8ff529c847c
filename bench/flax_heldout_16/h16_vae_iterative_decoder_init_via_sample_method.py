# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the decoder's layers are first created by refine() inside the fori_loop body, because init runs the sample method (init method=)
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
        return self.to_data(z)


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
    z = jnp.zeros((2, config.latent_dim))
    # the sampler is the only entry point used at generation time, so build the variables from it
    variables = model.init(jax.random.key(0), z, method=VAE.sample)
    samples = draw_samples(model, variables, jax.random.key(1), 4)
    assert samples.shape == (4, config.data_dim)
    return None
