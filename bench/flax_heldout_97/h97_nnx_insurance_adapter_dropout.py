# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 product adapter holds an NNX pricing model in train mode; the scan body calls it and Dropout draws from its Rngs
"""Insurance pricing engine (NNX): per-product adapters reprice a book of policies month by month."""
import jax
import jax.numpy as jnp
from flax import nnx


class PricingModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.hidden(x))))[..., 0]


class ProductAdapter:
    def __init__(self, model: PricingModel, loading: float):
        self.model = model
        self.loading = loading

    def premium(self, features):
        return self.model(features) * (1.0 + self.loading)


class PricingEngine:
    def __init__(self, adapters):
        self.adapters = adapters

    def reprice(self, product, monthly):
        adapter = self.adapters[product]

        def month(total, feats):
            p = adapter.premium(feats)
            return total + p.sum(), p

        return jax.lax.scan(month, jnp.zeros(()), monthly)


def main():
    model = PricingModel(5, nnx.Rngs(params=0, dropout=1))
    engine = PricingEngine({"home": ProductAdapter(model, 0.15)})
    total, _ = engine.reprice("home", jnp.ones((4, 8, 5)))
    total.block_until_ready()
    return None
