# label: same-values
# flax-error: none
# class: 2 the estimator function's local graphdef and state, rng streams included, are merged as a copy inside the scan body and the incoming state is passed on as the carry
"""Oyster spat-fall estimation: stochastic daily estimates from a dropout network over a survey window."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan as lax_scan


class SpatFall(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, survey):
        return self.out(self.dropout(nnx.relu(self.hidden(survey))))[..., 0]


def estimate_spat_fall(model: SpatFall, survey, days: int):
    graphdef, state = nnx.split(model)

    def day(state, _):
        net = nnx.merge(graphdef, state, copy=True)
        return state, net(survey)

    state, estimates = lax_scan(day, state, None, length=days)
    nnx.update(model, state)
    return estimates


def main():
    model = SpatFall(3, rngs=nnx.Rngs(params=0, dropout=5))
    survey = jnp.array([[0.8, 0.15, 0.4], [0.7, 0.2, 0.5]])
    return estimate_spat_fall(model, survey, days=6)
