# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a while_loop body routes each request to a variant looked up in an ABRouter registry; the variant's predict wraps model.apply
"""A/B-testing framework: requests are routed to one of several model variants by a hashed bucket."""
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn


class RankerA(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))[..., 0]


class RankerB(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


@dataclasses.dataclass
class Variant:
    name: str
    model: nn.Module
    variables: dict
    online_adapt: bool = False

    def predict(self, x):
        return self.model.apply(self.variables, x, train=self.online_adapt)


class ABRouter:
    def __init__(self):
        self.variants: list[Variant] = []

    def register(self, variant):
        self.variants.append(variant)

    def branches(self) -> list[Callable]:
        return [v.predict for v in self.variants]


def serve(router, requests, buckets):
    branches = router.branches()

    def cond(state):
        i, _ = state
        return i < requests.shape[0]

    def body(state):
        i, scores = state
        s = jax.lax.switch(buckets[i], branches, requests[i])
        return i + 1, scores.at[i].set(s)

    _, scores = jax.lax.while_loop(cond, body, (0, jnp.zeros(requests.shape[:2])))
    return scores


def main():
    requests = jnp.ones((6, 4, 10))
    router = ABRouter()
    a, b = RankerA(), RankerB()
    router.register(Variant("control", a, a.init(jax.random.key(0), requests[0])))
    router.register(Variant("treatment", b, b.init(jax.random.key(1), requests[0]), online_adapt=True))
    buckets = jnp.array([0, 1, 0, 1, 1, 0])
    serve(router, requests, buckets)
    return None
