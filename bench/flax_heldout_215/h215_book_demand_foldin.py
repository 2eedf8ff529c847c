# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on McDemandForecaster; the body folds the draw index into the dropout key
"""Library book demand: Monte-Carlo dropout draws of next-week holds per branch.

The forecaster keeps a pre-bound apply function (a partial over the trained variables) and
derives each draw's dropout key by folding the draw index into its base key.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class HoldsDemandNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, feats, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(feats))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class McDemandForecaster:
    def __init__(self, model, variables, key, num_draws=8):
        self.num_draws = num_draws
        self.key = key
        self.sample_fn = functools.partial(model.apply, variables, deterministic=False)

    def draws(self, branch_features):
        def draw(carry, index):
            key = jax.random.fold_in(self.key, index)
            demand = self.sample_fn(branch_features, rngs={"dropout": key})
            return carry + demand, demand

        total, per_draw = scan(draw, jnp.zeros(branch_features.shape[0]), jnp.arange(self.num_draws))
        return total / self.num_draws, per_draw


def branch_features(num_branches):
    week = jnp.arange(num_branches, dtype=jnp.float32)
    return jnp.stack([jnp.sin(week), jnp.cos(week), week / num_branches, jnp.ones_like(week)], axis=-1)


def main():
    feats = branch_features(5)
    model = HoldsDemandNet()
    variables = model.init(jax.random.key(0), feats)
    forecaster = McDemandForecaster(model, variables, jax.random.key(42))
    mean, per_draw = forecaster.draws(feats)
    return per_draw
