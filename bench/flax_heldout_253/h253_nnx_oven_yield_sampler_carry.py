# label: ok
# flax-error: none
# class: 4 a worker copy of line.sampler.model is split before the while_loop and its state threaded through the carry
"""Monte-Carlo loaf-yield estimates for bakery production orders."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class YieldModel(nnx.Module):
    def __init__(self, inputs: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(inputs, 16, rngs=rngs)
        self.variation = nnx.Dropout(0.25, rngs=rngs)
        self.loaves = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, recipe):
        return nnx.softplus(self.loaves(self.variation(nnx.relu(self.body(recipe)))))[0]


@dataclasses.dataclass
class ProductionOrder:
    sku: str
    recipe: jax.Array
    draws: int = 6


class YieldSampler:
    def __init__(self, model: YieldModel):
        self.model = model

    def worker(self) -> YieldModel:
        return nnx.clone(self.model)


class ProductionLine:
    def __init__(self, sampler: YieldSampler):
        self.sampler = sampler

    def estimate(self, order: ProductionOrder):
        graphdef, state = nnx.split(self.sampler.worker())

        def pending(carry):
            return carry[0] < order.draws

        def draw(carry):
            i, state, samples = carry
            model = nnx.merge(graphdef, state)
            samples = samples.at[i].set(model(order.recipe))
            return i + 1, nnx.state(model), samples

        _, _, samples = jax.lax.while_loop(pending, draw, (0, state, jnp.zeros((order.draws,))))
        return samples


def main():
    line = ProductionLine(YieldSampler(YieldModel(5, rngs=nnx.Rngs(params=3, dropout=4))))
    order = ProductionOrder("sourdough-800g", recipe=jnp.array([1.0, 0.72, 0.02, 0.2, 0.0]))
    return line.estimate(order)
