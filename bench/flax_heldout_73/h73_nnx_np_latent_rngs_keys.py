# label: ok
# flax-error: none
# class: 1 closure in the NNX __call__: keys are split from self.rngs.latent() once before the raw jax.lax.scan and scanned over as xs
"""Latent neural process in NNX: autoregressive rollout over target points that draws a fresh
latent sample at every step from the Rngs the module keeps."""
import jax
import jax.numpy as jnp
from flax import nnx


class LatentNP(nnx.Module):
    def __init__(self, x_dim, y_dim, z_dim, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(x_dim + y_dim, 32, rngs=rngs)
        self.to_mu = nnx.Linear(32, z_dim, rngs=rngs)
        self.to_log_sigma = nnx.Linear(32, z_dim, rngs=rngs)
        self.dec = nnx.Linear(x_dim + z_dim + y_dim, y_dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, xc, yc, xt):
        r = nnx.relu(self.enc(jnp.concatenate([xc, yc], -1))).mean(0)
        mu, sigma = self.to_mu(r), jnp.exp(self.to_log_sigma(r))

        keys = jax.random.split(self.rngs.latent(), xt.shape[0])

        def step(y_prev, inp):
            x, key = inp
            z = mu + sigma * jax.random.normal(key, mu.shape)
            y = self.dec(jnp.concatenate([x, z, y_prev]))
            return y, y

        _, ys = jax.lax.scan(step, jnp.zeros(yc.shape[-1]), (xt, keys))
        return ys


def main():
    model = LatentNP(1, 1, 8, rngs=nnx.Rngs(params=0, latent=1))
    xc = jnp.linspace(-1.0, 1.0, 10)[:, None]
    yc = jnp.sin(3.0 * xc)
    xt = jnp.linspace(-1.0, 1.0, 6)[:, None]
    ys = model(xc, yc, xt)
    jax.block_until_ready(ys)
    return None


if __name__ == "__main__":
    main()
