# label: same-values
# flax-error: none
# class: 2 a key drawn from a local nnx.Rngs in the simulating function goes into the scan body directly
import jax
import jax.numpy as jnp
import jax.random as jr
from flax import nnx
from jax.lax import scan


class BaselineDemand(nnx.Module):
    def __init__(self, n_features: int, n_skus: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, n_skus, rngs=rngs)

    def __call__(self, features):
        return nnx.softplus(self.proj(features)) * 10.0


def simulate_weeks(model, features, weeks, seed, volatility=0.2):
    rngs = nnx.Rngs(noise=seed)
    noise_key = rngs.noise()

    def week(carry, _):
        base = model(features)
        return carry, base * jnp.exp(volatility * jr.normal(noise_key, base.shape))

    _, demand = scan(week, None, None, length=weeks)
    return demand


def safety_stock_report(model, features, weeks=8, seed=3):
    demand = simulate_weeks(model, features, weeks, seed)
    return {"weekly": demand, "peak": jnp.max(demand, axis=0)}


def main():
    model = BaselineDemand(4, 3, nnx.Rngs(0))
    features = jnp.array([0.2, 1.0, -0.3, 0.5])
    return safety_stock_report(model, features)["weekly"]
