# label: ok
# flax-error: none
# class: 1 one latent key per target step: keys are split from self.make_rng('latent') before the raw jax.lax.scan and scanned over as xs
"""Latent neural process (Garnelo et al. 2018 style): autoregressive rollout over target
points that draws a fresh latent sample z at every target step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LatentEncoder(nn.Module):
    latent_dim: int = 8

    @nn.compact
    def __call__(self, xc, yc):
        h = nn.relu(nn.Dense(32)(jnp.concatenate([xc, yc], -1)))
        r = h.mean(0)
        mu = nn.Dense(self.latent_dim)(r)
        log_sigma = nn.Dense(self.latent_dim)(r)
        return mu, jnp.exp(log_sigma)


class LatentNP(nn.Module):
    latent_dim: int = 8

    @nn.compact
    def __call__(self, xc, yc, xt):
        mu, sigma = LatentEncoder(self.latent_dim)(xc, yc)
        decoder = nn.Dense(1)
        # deterministic first prediction at the mean latent
        y0 = decoder(jnp.concatenate([xt[0], mu, jnp.zeros(1)]))

        keys = jax.random.split(self.make_rng('latent'), xt.shape[0])

        def rollout_step(y_prev, inp):
            x, key = inp
            eps = jax.random.normal(key, mu.shape)
            z = mu + sigma * eps
            y = decoder(jnp.concatenate([x, z, y_prev]))
            return y, (y, eps)

        _, (ys, eps) = jax.lax.scan(rollout_step, y0, (xt, keys))
        return ys, eps


def main():
    model = LatentNP()
    xc = jnp.linspace(-1.0, 1.0, 10)[:, None]
    yc = jnp.sin(3.0 * xc)
    xt = jnp.linspace(-1.0, 1.0, 6)[:, None]
    variables = model.init({'params': jax.random.key(0), 'latent': jax.random.key(1)}, xc, yc, xt)
    _, eps = model.apply(variables, xc, yc, xt, rngs={'latent': jax.random.key(2)})
    return eps


if __name__ == "__main__":
    print(main())
