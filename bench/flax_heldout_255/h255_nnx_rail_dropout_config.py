# label: same-values
# flax-error: none
# class: 3 the scan body, a method of the delay simulator, calls the simulator's model attribute with a dropout Rngs built from the simulator's config
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class DelaySimConfig:
    n_stations: int = 5
    dropout_seed: int = 2024
    dropout_rate: float = 0.3
    scenarios: int = 6


class SignalDelayModel(nnx.Module):
    """Knock-on delay per station when a signal fails, with dropout as scenario noise."""

    def __init__(self, cfg: DelaySimConfig, *, rngs: nnx.Rngs):
        self.spread = nnx.Linear(cfg.n_stations, 10, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout_rate)
        self.delay = nnx.Linear(10, cfg.n_stations, rngs=rngs)

    def __call__(self, failure, *, rngs: nnx.Rngs):
        h = self.drop(nnx.relu(self.spread(failure)), rngs=rngs)
        return nnx.relu(self.delay(h))


class DelaySimulator:
    def __init__(self, cfg: DelaySimConfig):
        self.cfg = cfg
        self.model = SignalDelayModel(cfg, rngs=nnx.Rngs(0))

    def _scenario(self, carry, failure):
        delays = self.model(failure, rngs=nnx.Rngs(dropout=self.cfg.dropout_seed))
        return carry, delays

    def simulate(self, failure):
        repeated = jnp.broadcast_to(failure, (self.cfg.scenarios,) + failure.shape)
        _, delays = lax.scan(self._scenario, None, repeated)
        return delays


def main():
    sim = DelaySimulator(DelaySimConfig())
    failure = jnp.array([0.0, 1.0, 0.0, 0.0, 0.5])
    return sim.simulate(failure)
