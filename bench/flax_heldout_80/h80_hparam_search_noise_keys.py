# label: ok
# flax-error: none
# class: 5 per-trial 'perturb' keys split by a SearchDriver and passed to the perturbation module as scan xs
"""Random-search driver: each trial perturbs the base hyperparameters with Gaussian noise."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class SearchSpace:
    names: tuple = ("log_lr", "log_wd", "dropout")
    base: tuple = (-3.0, -4.0, 0.1)
    scale: tuple = (0.5, 1.0, 0.05)


class Perturbation(nn.Module):
    space: SearchSpace

    @nn.compact
    def __call__(self):
        eps = jax.random.normal(self.make_rng("perturb"), (len(self.space.names),))
        return eps * jnp.asarray(self.space.scale)


@dataclass
class SearchDriver:
    space: SearchSpace
    seed: int = 0
    history: list = field(default_factory=list)

    def __post_init__(self):
        self.sampler = Perturbation(self.space)

    def propose(self, n_trials):
        base = jnp.asarray(self.space.base)
        keys = jax.random.split(jax.random.key(self.seed), n_trials)

        def body(best, key):
            delta = self.sampler.apply({}, rngs={"perturb": key})
            score = -jnp.sum((base + delta) ** 2)
            return jnp.maximum(best, score), delta

        _, deltas = jax.lax.scan(body, -jnp.inf, keys)
        self.history.append(deltas)
        return deltas


def main():
    driver = SearchDriver(SearchSpace(), seed=3)
    return driver.propose(8)
