# label: ok
# flax-error: none
# class: 5 make_disc_step, a factory, returns a step function that takes the spectral-norm stats from the carry
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


def make_disc_step(disc, params):
    def step(carry, fake):
        total, batch_stats = carry
        scores, updates = disc.apply(
            {"params": params, "batch_stats": batch_stats},
            fake,
            update_stats=True,
            mutable=["batch_stats"],
        )
        loss = jnp.mean(nn.softplus(scores))
        return (total + loss, updates["batch_stats"]), loss

    return step


def main():
    disc = Discriminator()
    fakes = jax.random.normal(jax.random.key(0), (6, 8, 12))
    variables = disc.init(jax.random.key(1), fakes[0], update_stats=False)
    step = make_disc_step(disc, variables["params"])
    (total, batch_stats), losses = lax.scan(step, (0.0, variables["batch_stats"]), fakes)
    print("mean D loss", total / fakes.shape[0])
    return None


if __name__ == "__main__":
    main()
