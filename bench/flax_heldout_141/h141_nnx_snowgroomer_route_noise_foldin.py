# label: ok
# flax-error: none
# class: 3 a GroomingPlanner keeps nnx.Rngs as self.rngs; the while_loop body reads the raw key of the self.rngs.snow stream (without advancing it) and folds the pass index into it
"""Ski-resort snow-groomer routing: plans grooming passes over the pistes until the predicted
surface quality reaches target, with stochastic fresh snowfall between passes. Returns the snowfall
noise drawn for each pass."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SurfaceModel(nnx.Module):
    def __init__(self, n_pistes: int, rngs: nnx.Rngs):
        self.gain = nnx.Linear(n_pistes, n_pistes, rngs=rngs)

    def __call__(self, quality, snowfall):
        return jnp.clip(quality + 0.2 * nnx.sigmoid(self.gain(quality)) - 0.1 * snowfall, 0.0, 1.0)


class GroomingPlanner:
    def __init__(self, model: SurfaceModel, rngs: nnx.Rngs, target: float = 0.8, max_passes: int = 6):
        self.model = model
        self.rngs = rngs
        self.target = target
        self.max_passes = max_passes

    def snowfall(self, n, index):
        # peek at the stream key so planning does not consume the service's stream
        key = jax.random.fold_in(self.rngs.snow.key[...], index)
        return jnp.abs(jax.random.normal(key, (n,)))

    def plan(self, quality):
        n = quality.shape[0]

        def unfinished(state):
            i, q, _ = state
            return (i < self.max_passes) & (q.min() < self.target)

        def groom(state):
            i, q, log = state
            snow = self.snowfall(n, i)
            return i + 1, self.model(q, snow), log.at[i].set(snow)

        log = jnp.zeros((self.max_passes, n))
        return lax.while_loop(unfinished, groom, (0, quality, log))


def main():
    rngs = nnx.Rngs(params=0, snow=5)
    planner = GroomingPlanner(SurfaceModel(4, rngs), rngs, target=2.0)  # unreachable: all passes run
    _, _, log = planner.plan(jnp.full((4,), 0.3))
    return log
