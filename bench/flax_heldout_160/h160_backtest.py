# label: same-values
# flax-error: none
# class: 2 run_backtest's local dropout key goes straight into the scan body as the rngs of strategy.apply for every scenario draw
"""Monte Carlo dropout position sizing in a small backtesting engine.

For a frozen market snapshot the engine draws a number of scenarios; each scenario applies
the strategy network with dropout active so that the spread of positions reflects model
uncertainty. The per-scenario positions are returned for the risk report.
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn


class PositionSizer(nn.Module):
    assets: int = 3

    @nn.compact
    def __call__(self, snapshot, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(snapshot))
        h = nn.Dropout(rate=0.3, deterministic=deterministic)(h)
        return jnp.tanh(nn.Dense(self.assets)(h))


class Snapshot(NamedTuple):
    returns: jax.Array
    volumes: jax.Array

    def features(self):
        return jnp.concatenate([self.returns, jnp.log1p(self.volumes)])


def run_backtest(strategy, params, snapshot: Snapshot, key, n_scenarios: int):
    feats = snapshot.features()

    def body(exposure, scenario):
        positions = strategy.apply(params, feats, deterministic=False, rngs={"dropout": key})
        return exposure + jnp.abs(positions).sum(), positions

    _, positions = jax.lax.scan(body, jnp.zeros(()), jnp.arange(n_scenarios))
    return positions


def main():
    strategy = PositionSizer()
    snapshot = Snapshot(returns=jnp.array([0.01, -0.02, 0.005]), volumes=jnp.array([1e3, 2e3, 5e2]))
    params = strategy.init(jax.random.key(0), snapshot.features())
    positions = run_backtest(strategy, params, snapshot, jax.random.key(42), n_scenarios=8)
    return positions
