# label: ok
# flax-error: none
# class: 4 an ExperimentRouter keeps functools.partial(model.apply, variables) arms and one request key; the uncertainty sampler folds the draw index into router.request_key()
"""A/B experiment router for a ranking service.

Each arm is a Monte-Carlo-dropout scorer registered on the router. The uncertainty sampler
asks the router for the arm and for the request key, then draws `samples` dropout passes over
the same feature row with lax.scan, folding the draw index into the request key.
"""
import functools
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RankerHead(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, *, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)[..., 0]


@dataclass
class Arm:
    name: str
    score: Callable
    traffic: float


class ExperimentRouter:
    def __init__(self, seed: int):
        self._arms: dict[str, Arm] = {}
        self._request_key = jax.random.key(seed)

    def register(self, name, module, variables, traffic):
        score = functools.partial(module.apply, variables, train=True)
        self._arms[name] = Arm(name, score, traffic)

    def arm(self, name) -> Arm:
        return self._arms[name]

    def request_key(self):
        return self._request_key


class UncertaintySampler:
    def __init__(self, router: ExperimentRouter, samples: int):
        self.router = router
        self.samples = samples

    def sample(self, arm_name, features):
        arm = self.router.arm(arm_name)
        key = self.router.request_key()

        def draw(carry, index):
            scores = arm.score(features, rngs={"dropout": jax.random.fold_in(key, index)})
            return carry, scores

        _, draws = lax.scan(draw, 0, jnp.arange(self.samples))
        return draws


def main():
    features = jnp.linspace(-1.0, 1.0, 3 * 8).reshape(3, 8)
    router = ExperimentRouter(seed=7)
    for i, (name, traffic) in enumerate([("control", 0.9), ("treatment", 0.1)]):
        head = RankerHead(rate=0.1 if name == "control" else 0.3)
        variables = head.init(jax.random.key(i), features)
        router.register(name, head, variables, traffic)
    sampler = UncertaintySampler(router, samples=6)
    return sampler.sample("treatment", features)
