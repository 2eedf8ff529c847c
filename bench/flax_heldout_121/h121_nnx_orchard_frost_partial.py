# label: same-values
# flax-error: none
# class: 5 FrostEstimator keeps functools.partial(model, rngs=key) as self._sample; the scan body calls it for every Monte Carlo draw
"""Orchard frost alerts: Monte Carlo dropout draws of bud damage probability per orchard
block for tonight's forecast decide whether to start the wind machines."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class BudDamageNet(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, night, rngs=None):
        h = self.drop(nnx.gelu(self.l1(night)), rngs=rngs)
        return nnx.sigmoid(self.l2(h)).squeeze(-1)


class FrostEstimator:
    def __init__(self, model, seed):
        self._sample = functools.partial(model, rngs=jax.random.key(seed))

    def damage_draws(self, night, n_draws):
        def body(carry, _):
            return carry, self._sample(night)

        _, draws = scan(body, None, None, length=n_draws)
        return draws

    def start_wind_machines(self, night, n_draws=8, threshold=0.5):
        return jnp.mean(self.damage_draws(night, n_draws) > threshold, axis=0) > 0.2


def main():
    estimator = FrostEstimator(BudDamageNet(5, 24, rngs=nnx.Rngs(0)), seed=4)
    night = jax.random.normal(jax.random.key(1), (6, 5))
    return estimator.damage_draws(night, n_draws=8)
