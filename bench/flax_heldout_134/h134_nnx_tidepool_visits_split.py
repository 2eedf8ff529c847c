# label: ok
# flax-error: none
# class: 3 the TransectSurveyor draws a key from its nnx.Rngs attribute (stream "visit") and splits it before the scan; one key per repeat visit enters the body as xs
"""Tide-pool survey: repeat visits to the same rocky-shore transect; each visit
samples observer noise around the model's expected counts of limpets, anemones,
barnacles and sea stars."""
import jax
import jax.numpy as jnp
from flax import nnx


class AbundanceModel(nnx.Module):
    def __init__(self, n_habitat, n_species, rngs):
        self.habitat = nnx.Linear(n_habitat, n_species, rngs=rngs)

    def expected(self, quadrats):
        return jnp.exp(self.habitat(quadrats))

    def sample(self, quadrats, key):
        rate = self.expected(quadrats)
        return rate * jnp.exp(0.2 * jax.random.normal(key, rate.shape))


class TransectSurveyor:
    def __init__(self, model, seed):
        self.model = model
        self.rngs = nnx.Rngs(visit=seed)

    def repeat_visits(self, quadrats, n_visits):
        keys = jax.random.split(self.rngs.visit(), n_visits)

        def visit(carry, key):
            counts = self.model.sample(quadrats, key)
            return carry + counts.sum(), counts

        _, per_visit = jax.lax.scan(visit, jnp.zeros(()), keys)
        return per_visit


def main():
    quadrats = jax.random.uniform(jax.random.key(0), (10, 3))
    surveyor = TransectSurveyor(AbundanceModel(3, 4, nnx.Rngs(params=1)), seed=5)
    return surveyor.repeat_visits(quadrats, n_visits=6)
