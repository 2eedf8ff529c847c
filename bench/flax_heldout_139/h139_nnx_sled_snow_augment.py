# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RaceSimulator.rollout scans over legs; the body calls self.augmenter.jitter, which draws from self.rngs.snow(), an nnx.Rngs stream owned by the SnowAugmenter module
"""Dog-sled racing: roll a team forward through the race with augmented snow conditions.

The simulator perturbs each leg's conditions with noise from a named nnx.Rngs stream so the
strategy team sees a spread of plausible arrival times.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SnowAugmenter(nnx.Module):
    def __init__(self, scale: float, *, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def jitter(self, conditions):
        return conditions + self.scale * jax.random.normal(self.rngs.snow(), conditions.shape)


class LegTimeModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, conditions):
        return 3.0 + jax.nn.softplus(self.lin(conditions))[0]  # hours


class RaceSimulator:
    def __init__(self, model: LegTimeModel, augmenter: SnowAugmenter):
        self.model = model
        self.augmenter = augmenter

    def rollout(self, legs):
        def run_leg(elapsed, conditions):
            hours = self.model(self.augmenter.jitter(conditions))
            return elapsed + hours, hours

        _, per_leg = lax.scan(run_leg, jnp.zeros(()), legs)
        return per_leg


def main():
    legs = jax.random.uniform(jax.random.key(6), (7, 4))  # 7 legs x (km, climb, snow, wind)
    sim = RaceSimulator(
        LegTimeModel(4, rngs=nnx.Rngs(0)),
        SnowAugmenter(0.2, rngs=nnx.Rngs(snow=99)),
    )
    per_leg = sim.rollout(legs)
    print("hours per leg", per_leg)
    return per_leg


if __name__ == "__main__":
    main()
