# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 ShelfPlanner.__call__ builds a local slot_scorer nn.Dense that goes straight into the scan body, whose first call (at init) creates its params inside the loop
"""Retail planogram: greedily fill shelf slots with products scored against the current layout."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ShelfConfig:
    slots: int = 6
    products: int = 10
    embed: int = 8


class ShelfPlanner(nn.Module):
    cfg: ShelfConfig

    @nn.compact
    def __call__(self, product_features):
        products = nn.Dense(self.cfg.embed, name="product_encoder")(product_features)
        slot_scorer = nn.Dense(self.cfg.embed, name="slot_scorer")
        layout = jnp.zeros((self.cfg.embed,))
        taken = jnp.zeros((self.cfg.products,), bool)

        def fill_slot(state, _):
            layout, taken = state
            query = slot_scorer(layout)
            scores = jnp.where(taken, -jnp.inf, products @ query)
            pick = jnp.argmax(scores)
            return (layout + products[pick], taken.at[pick].set(True)), pick

        _, picks = lax.scan(fill_slot, (layout, taken), None, length=self.cfg.slots)
        return picks


class PlanogramService:
    def __init__(self, cfg: ShelfConfig, seed: int = 0):
        self.model = ShelfPlanner(cfg)
        self.seed = seed
        self.variables = None

    def plan(self, product_features):
        if self.variables is None:
            self.variables = self.model.init(jax.random.key(self.seed), product_features)
        return self.model.apply(self.variables, product_features)


def main():
    cfg = ShelfConfig()
    features = jax.random.normal(jax.random.key(3), (cfg.products, 5))
    service = PlanogramService(cfg)
    print("store 17", service.plan(features))
    print("store 18", service.plan(features * 0.5))
    return None
