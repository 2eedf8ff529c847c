# label: same-values
# flax-error: none
# class: 3 the scan body calls self.prior.sample, which takes its key from the prior module's 'sample' stream

import jax
import jax.numpy as jnp
from flax import linen


class GaussianPrior(linen.Module):
    stoch: int = 4
    min_std: float = 0.1

    def setup(self):
        self.proj = linen.Dense(2 * self.stoch)

    def __call__(self, deter):
        mean, raw_std = jnp.split(self.proj(deter), 2, axis=-1)
        return mean, linen.softplus(raw_std) + self.min_std

    def sample(self, deter, key=None):
        mean, std = self(deter)
        if key is None:
            key = self.make_rng("sample")
        return mean + std * jax.random.normal(key, mean.shape)


class ImaginationStarts(linen.Module):
    """Draws several stochastic latents for the same deterministic belief."""

    def setup(self):
        self.prior = GaussianPrior()

    def __call__(self, deter):
        return self.prior(deter)

    def draw(self, deter, num):
        def body(carry, _):
            return carry, self.prior.sample(deter)

        _, latents = jax.lax.scan(body, None, None, length=num)
        return latents


def main():
    deter = jnp.ones((1, 8))
    model = ImaginationStarts()
    variables = model.init(jax.random.key(0), deter)
    latents = model.apply(variables, deter, 6, method=ImaginationStarts.draw,
                          rngs={"sample": jax.random.key(42)})
    return latents
