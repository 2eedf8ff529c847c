# label: same-values
# flax-error: none
# class: 4 loom -> scheduler -> jitter strategy whose key_for(step) hands out a key drawn once from an nnx.Rngs stream, used in the fori_loop body
"""Loom warp-tension simulator: per-pick tension with shuttle jitter, for the weaving floor."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class WarpTensionModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, warp, key):
        jitter = 0.1 * jax.random.normal(key, warp.shape)
        return nnx.softplus(self.lin(warp + jitter))


class JitterStrategy:
    """Hands out the jitter key for a simulation run."""

    def __init__(self, rngs: nnx.Rngs):
        self._key = rngs.jitter()

    def key_for(self, pick):
        del pick
        return self._key


class PickScheduler:
    def __init__(self, model, strategy):
        self.model = model
        self.strategy = strategy


class Loom:
    def __init__(self, scheduler, picks=6):
        self.scheduler = scheduler
        self.picks = picks

    def simulate(self, warp):
        def pick(i, tensions):
            key = self.scheduler.strategy.key_for(i)
            return tensions.at[i].set(self.scheduler.model(warp, key))

        return fori_loop(0, self.picks, pick, jnp.zeros((self.picks,) + warp.shape))


def main():
    warp = jnp.linspace(0.1, 0.9, 12).reshape(3, 4)  # warp sections x (sett, twist, humidity, beam)
    rngs = nnx.Rngs(params=0, jitter=3)
    scheduler = PickScheduler(WarpTensionModel(rngs), JitterStrategy(rngs))
    return Loom(scheduler).simulate(warp)
