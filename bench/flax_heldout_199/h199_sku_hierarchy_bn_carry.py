# label: ok
# flax-error: none
# class: 4 a RegionAdapter on a ForecastService applies the model with mutable batch_stats that travel in the scan carry
"""Rolling weekly demand forecast over a store -> region hierarchy (replenishment service)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class HierarchyConfig:
    n_stores: int = 6
    n_regions: int = 2
    lags: int = 4
    hidden: int = 16
    horizon: int = 8


class HierarchicalForecaster(nn.Module):
    cfg: HierarchyConfig

    @nn.compact
    def __call__(self, sales):  # sales: [n_stores, lags]
        store = nn.Dense(self.cfg.hidden, name="store_enc")(sales)
        store = nn.BatchNorm(use_running_average=False, momentum=0.9, name="store_norm")(store)
        region_ids = jnp.arange(self.cfg.n_stores) % self.cfg.n_regions
        region = jax.ops.segment_sum(store, region_ids, num_segments=self.cfg.n_regions)
        region = nn.Dense(self.cfg.hidden, name="region_enc")(nn.relu(region))
        pooled = nn.relu(store + region[region_ids])
        return nn.softplus(nn.Dense(1, name="head")(pooled)[:, 0])


class RegionAdapter:
    """Applies the model so that the normalisation statistics follow live traffic."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def forecast(self, window, batch_stats):
        out, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, window, mutable=["batch_stats"]
        )
        return out, updates["batch_stats"]

    def exported_stats(self):
        return self.batch_stats


class ForecastService:
    def __init__(self, cfg: HierarchyConfig, adapter: RegionAdapter):
        self.cfg = cfg
        self.adapter = adapter

    def rollout(self, history):
        def week(carry, _):
            window, stats = carry
            nxt, stats = self.adapter.forecast(window, stats)
            window = jnp.concatenate([window[:, 1:], nxt[:, None]], axis=1)
            return (window, stats), nxt

        (_, stats), path = jax.lax.scan(
            week, (history, self.adapter.batch_stats), None, length=self.cfg.horizon
        )
        self.adapter.batch_stats = stats
        return path

    def publish_stats(self):
        stats = self.adapter.exported_stats()
        return jax.tree.map(lambda a: jnp.round(a, 3), stats)


def main():
    cfg = HierarchyConfig()
    model = HierarchicalForecaster(cfg)
    history = jax.random.uniform(jax.random.key(0), (cfg.n_stores, cfg.lags))
    variables = model.init(jax.random.key(1), history)
    service = ForecastService(cfg, RegionAdapter(model, variables))
    service.rollout(history)
    service.publish_stats()
    return None
