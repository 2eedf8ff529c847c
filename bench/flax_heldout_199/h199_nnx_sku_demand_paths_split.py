# label: ok
# flax-error: none
# class: 1 the hierarchical demand module's sample_paths method splits one key from its nnx.Rngs per week before the scan and the keys enter as xs
"""Sample weekly demand paths from a category -> SKU hierarchical forecast (safety-stock planning)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class HierarchicalDemand(nnx.Module):
    def __init__(self, n_sku, n_cat, *, rngs: nnx.Rngs):
        self.n_cat = n_cat
        self.cat_level = nnx.Param(10.0 + jax.random.uniform(rngs.params(), (n_cat,)) * 5.0)
        self.sku_logit = nnx.Param(jax.random.normal(rngs.params(), (n_sku,)) * 0.3)
        self.log_sigma = nnx.Param(jnp.full((n_sku,), jnp.log(0.25)))
        self.rngs = rngs

    def reconciled_forecast(self):
        n_sku = self.sku_logit.shape[0]
        cat_of = jnp.arange(n_sku) % self.n_cat
        weights = jnp.exp(self.sku_logit[...])
        share = weights / jax.ops.segment_sum(weights, cat_of, num_segments=self.n_cat)[cat_of]
        return self.cat_level[...][cat_of] * share

    def sample_paths(self, horizon):
        base = self.reconciled_forecast()
        sigma = jnp.exp(self.log_sigma[...])
        keys = jax.random.split(self.rngs.paths(), horizon)

        def week(_, key):
            z = jax.random.normal(key, base.shape)
            return None, base * jnp.exp(sigma * z - 0.5 * sigma**2)

        _, paths = lax.scan(week, None, keys)
        return paths  # [horizon, n_sku]


def main():
    model = HierarchicalDemand(n_sku=9, n_cat=3, rngs=nnx.Rngs(params=0, paths=1))
    return model.sample_paths(horizon=6)
