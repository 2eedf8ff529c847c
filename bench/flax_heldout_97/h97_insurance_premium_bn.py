# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 engine -> product adapter -> stored model.apply called in scan body without mutable batch_stats
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

    def price(self, features):
        return self.apply_fn(self.variables, features)


class PricingEngine:
    def __init__(self):
        self.adapters = {}

    def register(self, adapter):
        self.adapters[adapter.name] = adapter

    def reprice_months(self, product, monthly_features):
        adapter = self.adapters[product]

        def month_step(total, feats):
            premiums = adapter.price(feats)
            return total + premiums.sum(), premiums

        return jax.lax.scan(month_step, jnp.zeros(()), monthly_features)


def main():
    model = PremiumNet()
    feats = jnp.ones((6, 8, 5)) * jnp.arange(5.0)
    variables = model.init(jax.random.PRNGKey(0), feats[0])
    engine = PricingEngine()
    engine.register(ProductAdapter("motor", model, variables))
    total, _ = engine.reprice_months("motor", feats)
    total.block_until_ready()
    return None
