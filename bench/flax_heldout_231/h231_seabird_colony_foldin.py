# label: ok
# flax-error: none
# class: 1 ColonyCounter.bootstrap runs the scan itself and folds the step index into self.make_rng("survey") in the body
"""Bootstrap counts of a seabird colony from one aerial photo tile.

The counter regresses a nest density from tile features; observer error is simulated with a
per-replicate perturbation so that the survey office gets a spread of plausible counts.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ColonyCounter(nn.Module):
    hidden: int = 16
    observer_sd: float = 0.15

    def setup(self):
        self.features = nn.Dense(self.hidden)
        self.density = nn.Dense(1)

    def __call__(self, tile):
        h = nn.gelu(self.features(tile))
        return nn.softplus(self.density(h)).sum()

    def bootstrap(self, tile, n_replicates: int):
        def replicate(total, idx):
            key = jax.random.fold_in(self.make_rng("survey"), idx)
            jitter = self.observer_sd * jax.random.normal(key, tile.shape)
            count = self(tile + jitter)
            return total + count, count

        total, counts = lax.scan(replicate, jnp.zeros(()), jnp.arange(n_replicates))
        return counts


def main():
    tile = jax.random.uniform(jax.random.key(3), (12, 5))
    model = ColonyCounter()
    variables = model.init(jax.random.key(0), tile)
    counts = model.apply(
        variables, tile, 8, method=ColonyCounter.bootstrap, rngs={"survey": jax.random.key(11)}
    )
    return counts
