# label: ok
# flax-error: none
# class: 5 make_profile_sampler(model, rngs) is a factory that draws one key from the rngs.roast stream and returns the while_loop body, which folds that key with the iteration index
"""Coffee roasting: a roast-curve model predicts the rate of rise at each checkpoint of a
profile; the roastery samples several noisy curves for one green-bean lot."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RateOfRise(nnx.Module):
    def __init__(self, n_checkpoints, rngs: nnx.Rngs):
        self.bean = nnx.Linear(3, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.curve = nnx.Linear(16, n_checkpoints, rngs=rngs)

    def __call__(self, lot, rngs=None):
        return self.curve(self.drop(nnx.silu(self.bean(lot)), rngs=rngs))


def make_profile_sampler(model, rngs: nnx.Rngs, lot):
    key = rngs.roast()

    def step(state):
        i, curves = state
        return i + 1, curves.at[i].set(model(lot, rngs=jax.random.fold_in(key, i)))

    return step


class Roastery:
    def __init__(self, n_checkpoints=8, seed=0):
        self.rngs = nnx.Rngs(params=seed, roast=seed + 100)
        self.model = RateOfRise(n_checkpoints, self.rngs)
        self.n_checkpoints = n_checkpoints

    def sample_curves(self, lot, n_curves=5):
        step = make_profile_sampler(self.model, self.rngs, lot)
        curves = jnp.zeros((n_curves, self.n_checkpoints))
        _, curves = lax.while_loop(lambda s: s[0] < n_curves, step, (0, curves))
        return curves


def main():
    lot = jnp.array([0.11, 0.68, 1.2])  # moisture, density, screen size
    return Roastery().sample_curves(lot)
