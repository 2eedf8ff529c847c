# label: same-values
# flax-error: none
# class: 3 the network's self.dropout attribute draws its mask inside the fori_loop body
"""Monte-Carlo dropout demand intervals: loader, network, interval estimator, main."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class SimulationConfig:
    n_draws: int = 5
    n_stores: int = 4
    n_features: int = 6
    seed: int = 0


class StoreFeatureLoader:
    def __init__(self, config: SimulationConfig):
        self.config = config

    def next_week(self):
        cfg = self.config
        stores = jnp.arange(cfg.n_stores, dtype=jnp.float32)[:, None]
        return jnp.sin(stores + jnp.arange(cfg.n_features, dtype=jnp.float32))


class DemandNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    def setup(self):
        self.body = nn.Dense(self.hidden)
        self.dropout = nn.Dropout(self.rate)
        self.out = nn.Dense(1)

    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(self.body(x))
        return self.out(self.dropout(h, deterministic=deterministic))[..., 0]

    def sample(self, x, n_draws: int):
        h = nn.relu(self.body(x))

        def draw(i, draws):
            return draws.at[i].set(self.out(self.dropout(h, deterministic=False))[..., 0])

        return fori_loop(0, n_draws, draw, jnp.zeros((n_draws,) + x.shape[:-1]))


class IntervalEstimator:
    def __init__(self, model: DemandNet, variables, config: SimulationConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def draws(self, x):
        rngs = {"dropout": jax.random.key(self.config.seed + 1)}
        return self.model.apply(self.variables, x, self.config.n_draws, method=DemandNet.sample, rngs=rngs)


def main():
    config = SimulationConfig()
    week = StoreFeatureLoader(config).next_week()
    model = DemandNet()
    variables = model.init(jax.random.key(config.seed), week)
    draws = IntervalEstimator(model, variables, config).draws(week)
    return draws
