# label: same-values
# flax-error: none
# class: 3 PPVEstimator draws scatter_key from the model's ground stream when it is built; the fori_loop body reads self.scatter_key at every trial
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class ShotPlan:
    holes: int
    kg_per_delay: float
    distance_m: float

    def features(self):
        scaled = self.distance_m / jnp.sqrt(self.kg_per_delay)
        return jnp.array([scaled / 100.0, self.holes / 20.0, 1.0, 0.5], jnp.float32)


class GroundResponse(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.site = nnx.Linear(4, 3, rngs=rngs)
        self.rngs = rngs

    def perturb(self, features, key):
        scatter = 0.2 * jax.random.normal(key, (3,))
        return nnx.softplus(self.site(features) + scatter)


class PPVEstimator:
    def __init__(self, model: GroundResponse, trials: int = 6):
        self.model = model
        self.trials = trials
        self.scatter_key = model.rngs.ground()

    def run(self, plan: ShotPlan):
        features = plan.features()
        ppv = jnp.zeros((self.trials, 3), jnp.float32)

        def trial(i, ppv):
            return ppv.at[i].set(self.model.perturb(features, self.scatter_key))

        return lax.fori_loop(0, self.trials, trial, ppv)


def main():
    model = GroundResponse(nnx.Rngs(params=1, ground=17))
    estimator = PPVEstimator(model)
    return estimator.run(ShotPlan(holes=12, kg_per_delay=36.0, distance_m=320.0))
