# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={'dropout': key}) kept on McDemandForecaster and called in the scan body
"""Library book demand: Monte-Carlo dropout draws of next-week holds per branch.

The forecaster keeps a pre-bound apply function (a partial over the trained variables and the
dropout key), the way the serving layer caches it, and draws demand scenarios in a scan.
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
        self.sample_fn = functools.partial(
            model.apply, variables, deterministic=False, rngs={"dropout": key}
        )

    def draws(self, branch_features):
        def draw(carry, _):
            demand = self.sample_fn(branch_features)
            return carry + demand, demand

        total, per_draw = scan(draw, jnp.zeros(branch_features.shape[0]), None, length=self.num_draws)
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
