# label: ok
# flax-error: none
# class: 2 the same refinement scan returns each step's KL term as its output; the stacked terms are averaged after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16)(x))
        return nn.Dense(self.latent)(h), nn.Dense(self.latent)(h)


def kl_of_refinement(params, model, x, steps=3):
    def refine(z, _):
        mean, logvar = model.apply(params, x + z.sum())
        kl = -0.5 * jnp.mean(1 + logvar - mean**2 - jnp.exp(logvar))
        return z + 0.1 * mean, kl

    _, kl_terms = jax.lax.scan(refine, jnp.zeros(4), None, length=steps)
    return kl_terms.mean()


def main():
    model = Encoder()
    x = jnp.ones((8,))
    params = model.init(jax.random.PRNGKey(0), x)
    total = kl_of_refinement(params, model, x)
    jnp.asarray(total) + 1.0
    return None
