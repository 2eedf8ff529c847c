# label: ok
# flax-error: none
# class: 5 a decorator registry holds sampler factories; the "spartina" factory returns a function of (release, site) that applies the model with rngs={"wind": fold_in(key, release)} in the while_loop body
"""Salt marsh restoration: where cordgrass seed lands when it is released on the ebb tide.

Dispersal samplers are registered by species in a small plug-in registry; the planting planner
looks one up by name and fills a buffer of landing offsets, one per release.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

SAMPLERS = {}


def register(species):
    def decorate(factory):
        SAMPLERS[species] = factory
        return factory

    return decorate


class SeedDispersal(nn.Module):
    @nn.compact
    def __call__(self, site):
        drift = nn.Dense(2, name="drift")(site)
        gust = jax.random.normal(self.make_rng("wind"), (2,))
        return drift + 0.5 * gust  # metres east, metres north


def _sample_release(model, variables, key, release, site):
    return model.apply(variables, site, rngs={"wind": jax.random.fold_in(key, release)})


@register("spartina")
def make_spartina_sampler(model, variables, key):
    return functools.partial(_sample_release, model, variables, key)


class PlantingPlanner:
    def __init__(self, species, model, variables, key, releases):
        self.sample = SAMPLERS[species](model, variables, key)
        self.releases = releases

    def landing_offsets(self, site):
        def more(state):
            return state[0] < self.releases

        def release(state):
            i, offsets = state
            return i + 1, offsets.at[i].set(self.sample(i, site))

        _, offsets = jax.lax.while_loop(more, release, (0, jnp.zeros((self.releases, 2))))
        return offsets


def main():
    site = jnp.array([0.4, 1.2, -0.3])  # elevation, tide range, channel distance
    model = SeedDispersal()
    variables = model.init({"params": jax.random.key(0), "wind": jax.random.key(1)}, site)
    planner = PlantingPlanner("spartina", model, variables, jax.random.key(77), releases=6)
    offsets = planner.landing_offsets(site)
    print("landing offsets", offsets)
    return offsets


if __name__ == "__main__":
    main()
