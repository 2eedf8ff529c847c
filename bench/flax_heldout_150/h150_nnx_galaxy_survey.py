# label: same-values
# flax-error: none
# class: 1 SurveySampler.sample_fields draws one key from its own self.rngs.survey() before the fori_loop and uses it in every iteration
"""Galaxy survey planning: a sampler proposes telescope pointings field after field."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SurveySampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.prior = nnx.Linear(2, 2, rngs=rngs)
        self.rngs = rngs

    def sample_fields(self, n_fields):
        """One proposed (ra, dec) offset per field, for tonight's observing plan."""
        key = self.rngs.survey()

        def body(i, pointings):
            offset = jax.random.normal(key, (2,))
            return pointings.at[i].set(self.prior(offset))

        return lax.fori_loop(0, n_fields, body, jnp.zeros((n_fields, 2)))


def main():
    sampler = SurveySampler(nnx.Rngs(params=0, survey=1))
    return sampler.sample_fields(6)
