# label: same-values
# flax-error: none
# class: 1 MoldSpread.simulate owns the rngs and runs the fori_loop itself, drawing one key from its mold stream before the loop
"""Daily mold spread on the cheese aging cellar's shelves."""
from flax import nnx
import jax
import jax.numpy as jnp
from jax import lax


class MoldSpread(nnx.Module):
    def __init__(self, shelves: int, *, rngs: nnx.Rngs):
        self.rngs = rngs
        self.growth = nnx.Param(jnp.full((shelves,), 1.05))

    def simulate(self, spores, days: int):
        key = self.rngs.mold()

        def day(i, out):
            burst = jax.random.uniform(key, spores.shape, maxval=0.1)
            return out.at[i].set(spores * self.growth[...] + burst)

        return lax.fori_loop(0, days, day, jnp.zeros((days,) + spores.shape))


class Cellar:
    def __init__(self, name: str, shelves: int, seed: int):
        self.name = name
        self.model = MoldSpread(shelves, rngs=nnx.Rngs(mold=seed))

    def forecast(self, spores, days=5):
        return self.model.simulate(spores, days)


def main():
    cellar = Cellar("north-vault", shelves=3, seed=13)
    return cellar.forecast(jnp.array([0.01, 0.03, 0.02], dtype=jnp.float32))
