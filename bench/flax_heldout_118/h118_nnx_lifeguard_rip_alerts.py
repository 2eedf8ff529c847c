# label: same-values
# flax-error: none
# class: 3 the RipAlertEngine builds nnx.Rngs(dropout=self.config.seed) from its frozen config inside the scan body and passes it to the model it reaches through its @property `model`
"""Beach lifeguard rip-current alerts: the engine draws Monte-Carlo-dropout samples of
the rip probability from the surf-zone model so the tower can show a confidence band
next to each flag colour."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class AlertConfig:
    seed: int = 17
    n_samples: int = 8
    dropout_rate: float = 0.25


class RipCurrentNet(nnx.Module):
    def __init__(self, n_features: int, rate: float, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_features, 24, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, surf, rngs=None):
        h = self.drop(nnx.relu(self.enc(surf)), deterministic=False, rngs=rngs)
        return nnx.sigmoid(self.out(h))[..., 0]


class RipAlertEngine:
    def __init__(self, config: AlertConfig, model: RipCurrentNet):
        self.config = config
        self._model = model

    @property
    def model(self):
        return self._model

    def probability_band(self, surf):
        def sample(carry, index):
            rngs = nnx.Rngs(dropout=self.config.seed)
            return carry, self.model(surf, rngs=rngs)

        _, samples = jax.lax.scan(sample, None, jnp.arange(self.config.n_samples))
        return samples


def main():
    config = AlertConfig()
    surf = jnp.array([1.8, 9.0, 0.3, 2.1, 0.6])  # wave height, period, tide, longshore wind, sandbar gap
    engine = RipAlertEngine(config, RipCurrentNet(5, config.dropout_rate, nnx.Rngs(0)))
    return engine.probability_band(surf)
