# label: same-values
# flax-error: none
# class: 3 a perturbation module bound with a 'perturb' rng by a SearchDriver, its make_rng called in a scan body
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
        self.sampler = Perturbation(self.space).bind({}, rngs={"perturb": jax.random.key(self.seed)})

    def propose(self, n_trials):
        base = jnp.asarray(self.space.base)

        def body(best, _):
            delta = self.sampler()
            score = -jnp.sum((base + delta) ** 2)
            return jnp.maximum(best, score), delta

        _, deltas = jax.lax.scan(body, -jnp.inf, None, length=n_trials)
        self.history.append(deltas)
        return deltas


def main():
    driver = SearchDriver(SearchSpace(), seed=3)
    return driver.propose(8)
