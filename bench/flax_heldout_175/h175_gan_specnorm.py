# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "Dense_0/kernel/u" in "/SpectralNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_disc_step, a factory, returns a step function that closes over the discriminator variables
"""SN-GAN discriminator: score a stream of fake batches with spectral norm power iteration on."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x, update_stats: bool):
        x = nn.SpectralNorm(nn.Dense(32))(x, update_stats=update_stats)
        x = nn.leaky_relu(x, 0.2)
        x = nn.SpectralNorm(nn.Dense(1))(x, update_stats=update_stats)
        return x.squeeze(-1)


def make_disc_step(disc, variables):
    def step(total, fake):
        scores = disc.apply(variables, fake, update_stats=True)
        loss = jnp.mean(nn.softplus(scores))
        return total + loss, loss

    return step


def main():
    disc = Discriminator()
    fakes = jax.random.normal(jax.random.key(0), (6, 8, 12))
    variables = disc.init(jax.random.key(1), fakes[0], update_stats=False)
    step = make_disc_step(disc, variables)
    total, losses = lax.scan(step, 0.0, fakes)
    print("mean D loss", total / fakes.shape[0])
    return None


if __name__ == "__main__":
    main()
