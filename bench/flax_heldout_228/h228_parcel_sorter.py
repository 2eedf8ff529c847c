# label: same-values
# flax-error: none
# class: 1 SortPolicy.rollout runs lax.scan itself and calls self.make_rng('explore') inside the body
"""Parcel sorting robot: a chute-assignment policy that adds exploration noise to its
chute scores while rolling out a shift of parcels on the induction belt."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class SorterConfig:
    num_chutes: int = 6
    feature_dim: int = 5
    explore_scale: float = 0.3


class SortPolicy(nn.Module):
    config: SorterConfig

    def setup(self):
        self.scorer = nn.Dense(self.config.num_chutes, name="chute_scorer")

    def __call__(self, parcel):
        return self.scorer(parcel)

    def rollout(self, parcels):
        """Scores every parcel of the shift; returns the exploration noise used per parcel."""
        self.scorer(parcels[0])  # parameters exist before the belt starts

        def induct(carry, parcel):
            scores = self.scorer(parcel)
            noise = self.config.explore_scale * jax.random.gumbel(
                self.make_rng("explore"), (self.config.num_chutes,))
            chute = jnp.argmax(scores + noise)
            load = carry.at[chute].add(1.0)
            return load, noise

        load, noise_trace = lax.scan(induct, jnp.zeros(self.config.num_chutes), parcels)
        return load, noise_trace


class ShiftSimulator:
    def __init__(self, config: SorterConfig, seed: int = 0):
        self.config = config
        self.policy = SortPolicy(config)
        self.seed = seed

    def run_shift(self, parcels):
        key = jax.random.key(self.seed)
        params_key, explore_key, run_key = jax.random.split(key, 3)
        variables = self.policy.init({"params": params_key, "explore": explore_key},
                                     parcels, method=SortPolicy.rollout)
        _, noise_trace = self.policy.apply(variables, parcels, method=SortPolicy.rollout,
                                           rngs={"explore": run_key})
        return noise_trace


def main():
    config = SorterConfig()
    parcels = jax.random.normal(jax.random.key(42), (8, config.feature_dim))
    return ShiftSimulator(config).run_shift(parcels)
