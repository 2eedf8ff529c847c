# label: same-values
# flax-error: none
# class: 2 shock_key = rngs.shock() is a local drawn once in simulate_week; the fori_loop body samples the daily demand shock from it directly
"""Pharmacy chain replenishment: simulate a week of per-SKU demand around the network forecast."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DemandForecaster(nnx.Module):
    def __init__(self, features: int, skus: int, *, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(features, 24, rngs=rngs)
        self.head = nnx.Linear(24, skus, rngs=rngs)

    def __call__(self, store_features):
        return nnx.softplus(self.head(nnx.gelu(self.trunk(store_features))))


def simulate_week(store_features, days: int = 7, volatility: float = 0.25):
    rngs = nnx.Rngs(params=0, shock=42)
    model = DemandForecaster(store_features.shape[-1], 6, rngs=rngs)
    baseline = model(store_features)
    shock_key = rngs.shock()

    def day(i, units):
        shock = jnp.exp(volatility * jax.random.normal(shock_key, baseline.shape))
        return units.at[i].set(jnp.round(10.0 * baseline * shock))

    return lax.fori_loop(0, days, day, jnp.zeros((days,) + baseline.shape))


def main():
    store_features = jax.random.normal(jax.random.key(3), (4, 9))
    return simulate_week(store_features)
