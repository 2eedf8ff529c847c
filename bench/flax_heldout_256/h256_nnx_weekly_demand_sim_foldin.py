# label: ok
# flax-error: none
# class: 2 a key drawn from an nnx.Rngs local before the loop has the week index folded in inside the while_loop body
"""Simulated weekly demand under random footfall shocks, for safety-stock planning."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class FootfallDemandModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.linear = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, features):
        return jax.nn.softplus(self.linear(features))[..., 0]


def simulate_weeks(model, features, n_weeks: int, seed: int, shock_scale: float = 0.2):
    rngs = nnx.Rngs(shock=seed)
    shock_key = rngs.shock()
    out = jnp.zeros((n_weeks,) + features.shape[:-1])

    def keep_going(state):
        return state[0] < n_weeks

    def week(state):
        i, out = state
        shock = shock_scale * jax.random.normal(jax.random.fold_in(shock_key, i), features.shape)
        return i + 1, out.at[i].set(model(features + shock))

    _, out = while_loop(keep_going, week, (0, out))
    return out


def store_features(n_stores=3, n_features=4):
    return jnp.linspace(-1.0, 1.0, n_stores * n_features).reshape(n_stores, n_features)


def main():
    model = FootfallDemandModel(4, rngs=nnx.Rngs(0))
    return simulate_weeks(model, store_features(), n_weeks=5, seed=42)
