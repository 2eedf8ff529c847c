# label: same-values
# flax-error: none
# class: 4 a GANTrainer's sample method passes rngs={'latent': self.rng} to generator.apply, whose make_rng('latent') draws the latent; the scan over sampling rounds reuses the trainer key
"""GAN generator/discriminator pair; the trainer samples fakes for several rounds in a scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Generator(nn.Module):
    latent_dim: int = 4

    @nn.compact
    def __call__(self, batch_size):
        z = jax.random.normal(self.make_rng("latent"), (batch_size, self.latent_dim))
        return nn.Dense(6)(nn.relu(nn.Dense(16)(z))), z


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.leaky_relu(nn.Dense(16)(x)))


class GANTrainer:
    def __init__(self, seed=0):
        self.gen, self.disc = Generator(), Discriminator()
        k1, k2, self.rng = jax.random.split(jax.random.key(seed), 3)
        self.gen_vars = self.gen.init({"params": k1, "latent": k1}, 2)
        self.disc_vars = self.disc.init(k2, jnp.ones((2, 6)))

    def sample(self, batch_size):
        return self.gen.apply(self.gen_vars, batch_size, rngs={"latent": self.rng})

    def score_rounds(self, rounds, batch_size=2):
        def body(carry, _):
            fake, z = self.sample(batch_size)
            score = self.disc.apply(self.disc_vars, fake).mean()
            return carry + score, z

        _, latents = jax.lax.scan(body, jnp.float32(0.0), None, length=rounds)
        return latents


def main():
    return GANTrainer().score_rounds(5)
