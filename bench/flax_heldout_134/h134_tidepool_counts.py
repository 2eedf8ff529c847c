# label: same-values
# flax-error: none
# class: 1 the SurveySimulator module method draws its "survey" rng and runs the scan over tide cycles itself
"""Tide-pool survey simulator: a learned baseline abundance per quadrat plus
per-tide observation noise, rolled out over the tide cycles of one survey season."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SurveySimulator(nn.Module):
    n_quadrats: int = 12
    n_species: int = 4

    def setup(self):
        self.baseline = self.param(
            "baseline", nn.initializers.normal(0.5), (self.n_quadrats, self.n_species)
        )
        self.tide_gain = self.param("tide_gain", nn.initializers.zeros, (self.n_species,))

    def __call__(self, tide_heights):
        return self.simulate(tide_heights)

    def simulate(self, tide_heights):
        key = self.make_rng("survey")

        def one_tide(carry, height):
            rate = jnp.exp(self.baseline + self.tide_gain * height)
            observed = rate + 0.3 * jax.random.normal(key, rate.shape)
            return carry + observed.sum(), observed

        _, counts = scan(one_tide, jnp.zeros(()), tide_heights)
        return counts


def main():
    sim = SurveySimulator()
    tides = jnp.full((6,), 1.4)  # a run of spring tides: the same height each cycle
    variables = sim.init({"params": jax.random.key(0), "survey": jax.random.key(1)}, tides)
    counts = sim.apply(variables, tides, rngs={"survey": jax.random.key(7)})
    return counts
