# label: same-values
# flax-error: none
# class: 1 FrostEnsemble.__call__ runs the scan itself and calls self.make_rng("perturb") inside the body for each ensemble member
"""Vineyard frost risk: an ensemble of perturbed overnight canopy temperature paths."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class FrostEnsemble(nn.Module):
    members: int = 6
    spread: float = 0.8

    def setup(self):
        self.canopy = nn.Dense(1)

    def __call__(self, station_temps):
        base = self.canopy(station_temps)[..., 0]  # one canopy estimate per hour

        def member(carry, index):
            noise = jax.random.normal(self.make_rng("perturb"), base.shape)
            return carry, base + self.spread * noise

        _, paths = scan(member, None, jnp.arange(self.members))
        return paths


def frost_probability(paths, threshold=0.0):
    return jnp.mean(paths < threshold, axis=0)


def main():
    station_temps = jnp.linspace(4.0, -1.5, 10)[:, None] + jnp.array([0.0, 0.4, -0.3])  # hours x stations
    model = FrostEnsemble()
    variables = model.init({"params": jax.random.key(0), "perturb": jax.random.key(1)}, station_temps)
    paths = model.apply(variables, station_temps, rngs={"perturb": jax.random.key(2)})
    frost_probability(paths)
    return paths
