# label: ok
# flax-error: none
# class: 4 engine -> product adapter -> model.apply with mutable batch_stats, stats threaded through the scan carry
"""Insurance pricing engine: each product has an adapter wrapping a Linen pricing net."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class PremiumNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, features, train: bool = True):
        h = nn.Dense(self.hidden)(features)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(1)(h).squeeze(-1)


@dataclasses.dataclass
class ProductAdapter:
    name: str
    model: nn.Module
    variables: dict

    def __post_init__(self):
        self.apply_fn = self.model.apply

    def price(self, params, batch_stats, features):
        premiums, updates = self.apply_fn(
            {"params": params, "batch_stats": batch_stats}, features, mutable=["batch_stats"]
        )
        return premiums, updates["batch_stats"]


class PricingEngine:
    def __init__(self):
        self.adapters = {}

    def register(self, adapter):
        self.adapters[adapter.name] = adapter

    def reprice_months(self, product, monthly_features):
        adapter = self.adapters[product]
        params = adapter.variables["params"]

        def month_step(carry, feats):
            total, stats = carry
            premiums, stats = adapter.price(params, stats, feats)
            return (total + premiums.sum(), stats), premiums

        (total, stats), _ = jax.lax.scan(
            month_step, (jnp.zeros(()), adapter.variables["batch_stats"]), monthly_features
        )
        adapter.variables = {"params": params, "batch_stats": stats}
        return total


def main():
    model = PremiumNet()
    feats = jnp.ones((6, 8, 5)) * jnp.arange(5.0)
    variables = model.init(jax.random.PRNGKey(0), feats[0])
    engine = PricingEngine()
    engine.register(ProductAdapter("motor", model, variables))
    engine.reprice_months("motor", feats).block_until_ready()
    return None
