# label: ok
# flax-error: none
# class: 4 shadow deployment -> canary slot -> model; both models are switched to eval() before the scan body calls them (read-only)
"""Shadow/canary deployment comparing a candidate NNX model against production traffic."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class Ranker(nnx.Module):
    def __init__(self, din, rngs):
        self.proj = nnx.Linear(din, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.score(nnx.relu(self.norm(self.proj(x))))


@dataclass
class Slot:
    name: str
    model: Ranker


class ShadowDeployment:
    def __init__(self, production, candidate):
        self.slots = {"prod": Slot("prod", production), "canary": Slot("canary", candidate)}

    def compare(self, traffic):
        prod = self.slots["prod"].model
        canary = self.slots["canary"].model
        prod.eval()
        canary.eval()

        def body(gap, x):
            return gap + jnp.abs(prod(x) - canary(x)).mean(), None

        gap, _ = lax.scan(body, jnp.zeros(()), traffic)
        return gap / traffic.shape[0]


def main():
    production = Ranker(6, nnx.Rngs(0))
    candidate = Ranker(6, nnx.Rngs(1))
    candidate.train()  # fine-tuned last, still in training mode
    traffic = jax.random.normal(jax.random.PRNGKey(2), (5, 4, 6))
    ShadowDeployment(production, candidate).compare(traffic)
    return None
