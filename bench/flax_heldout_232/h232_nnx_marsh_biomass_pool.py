# label: trace-context
# flax-error: TraceContextError: Cannot mutate Biomass from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 BiomassPool.grow owns the biomass Variable and assigns it inside its own while_loop body
import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx


class Biomass(nnx.Variable):
    pass


class BiomassPool(nnx.Module):
    """Above-ground Spartina biomass on one restored cell."""

    def __init__(self, species: int, *, rngs: nnx.Rngs, capacity: float = 4.0):
        self.uptake = nnx.Linear(species, species, rngs=rngs)
        self.biomass = Biomass(jnp.full((species,), 0.5))
        self.capacity = capacity

    def grow(self, light, max_weeks: int):
        def growing(state):
            week, _ = state
            return (week < max_weeks) & (self.biomass.value.sum() < self.capacity * light.shape[-1])

        def week_of_growth(state):
            week, total_uptake = state
            rate = jax.nn.softplus(self.uptake(light))
            self.biomass.value = self.biomass.value * (1.0 + 0.1 * rate)
            return week + 1, total_uptake + rate.sum()

        weeks, total_uptake = lax.while_loop(growing, week_of_growth, (jnp.int32(0), jnp.float32(0.0)))
        return weeks, total_uptake


class Transect:
    def __init__(self, cells: int, species: int):
        self.pools = [BiomassPool(species, rngs=nnx.Rngs(c)) for c in range(cells)]

    def season(self, light):
        return [pool.grow(light, max_weeks=8) for pool in self.pools]


def main():
    transect = Transect(cells=2, species=3)
    light = jnp.array([0.8, 0.6, 0.9])
    results = transect.season(light)
    jax.block_until_ready((results, [p.biomass.value for p in transect.pools]))
    return None
