# label: same-values
# flax-error: none
# class: 4 the scan body calls self.plot.dispersal, a Dropout held by the MarshPlot submodule, with the module's dropout stream
import jax
import jax.numpy as jnp
import jax.lax as jlax
from flax import linen as nn


class MarshPlot(nn.Module):
    survival: float

    def setup(self):
        self.dispersal = nn.Dropout(rate=1.0 - self.survival)
        self.germination = nn.Dense(1)


class SpartinaSeeding(nn.Module):
    survival: float = 0.6
    seasons: int = 5

    def setup(self):
        self.plot = MarshPlot(self.survival)

    def __call__(self, seed_bank):
        vigour = jax.nn.sigmoid(self.plot.germination(seed_bank))

        def season(carry, bank):
            settled = self.plot.dispersal(bank * vigour, deterministic=False)
            return carry + settled.sum(), settled

        banks = jnp.broadcast_to(seed_bank, (self.seasons,) + seed_bank.shape)
        _, settled = jlax.scan(season, jnp.float32(0.0), banks)
        return settled


class PlantingPlan:
    def __init__(self, cells: int = 6, seed: int = 17):
        self.cells = cells
        self.seed = seed
        self.model = SpartinaSeeding()

    def seed_bank(self):
        return jnp.linspace(1.0, 2.0, self.cells)[:, None] * jnp.ones((1, 2))

    def simulate(self):
        bank = self.seed_bank()
        root = jax.random.key(self.seed)
        params_key, dropout_key = jax.random.split(root)
        variables = self.model.init({"params": params_key, "dropout": dropout_key}, bank)
        return self.model.apply(variables, bank, rngs={"dropout": jax.random.fold_in(dropout_key, 1)})


def main():
    return PlantingPlan().simulate()
