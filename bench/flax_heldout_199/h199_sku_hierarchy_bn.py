# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a batch_stats-mutable model.bind() kept by a RegionAdapter on a ForecastService is called in the scan body
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
    """Keeps the model bound so that the normalisation statistics follow live traffic."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def forecast(self, window):
        return self.bound(window)

    def exported_stats(self):
        return self.bound.variables["batch_stats"]


class ForecastService:
    def __init__(self, cfg: HierarchyConfig, adapter: RegionAdapter):
        self.cfg = cfg
        self.adapter = adapter

    def rollout(self, history):
        def week(window, _):
            nxt = self.adapter.forecast(window)
            window = jnp.concatenate([window[:, 1:], nxt[:, None]], axis=1)
            return window, nxt

        _, path = jax.lax.scan(week, history, None, length=self.cfg.horizon)
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
