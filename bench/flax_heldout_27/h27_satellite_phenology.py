# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "onsets" in "/detector" because collection "season" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the scan body's lax.cond branch calls a green-up detector that increments a 'season' counter; apply only marks 'intermediates' mutable
"""Crop phenology from a satellite NDVI time series (one pixel, one season).

A recurrent encoder follows the NDVI curve; a green-up detector counts onsets when the
smoothed index crosses a learned threshold. Hidden states are sown for inspection.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PhenologyConfig:
    hidden: int = 6
    bands: int = 3
    classes: int = 4


class GreenUpDetector(nn.Module):
    @nn.compact
    def __call__(self, ndvi, threshold):
        onsets = self.variable("season", "onsets", jnp.zeros, ())
        onsets.value = onsets.value + 1.0
        return ndvi - threshold


class PhenologyNet(nn.Module):
    cfg: PhenologyConfig

    def setup(self):
        self.cell = nn.GRUCell(self.cfg.hidden)
        self.detector = GreenUpDetector()
        self.head = nn.Dense(self.cfg.classes)
        self.threshold = self.param("threshold", nn.initializers.constant(0.4), ())

    def _observe(self, carry, obs):
        h, smooth = carry
        h, out = self.cell(h, obs)
        smooth = 0.7 * smooth + 0.3 * obs[0]
        margin = jax.lax.cond(
            smooth > self.threshold + 0.05,
            lambda s: self.detector(s, self.threshold),
            lambda s: s - self.threshold,
            smooth,
        )
        self.sow("intermediates", "hidden", h)
        return (h, smooth), margin

    def __call__(self, series):
        h0, _ = self.cell(jnp.zeros((self.cfg.hidden,)), series[0])
        (h, _), margins = jax.lax.scan(self._observe, (h0, series[0, 0]), series[1:])
        return self.head(h), margins


def main():
    cfg = PhenologyConfig()
    t = jnp.linspace(0.0, 1.0, 10)
    ndvi = 0.2 + 0.6 * jnp.exp(-((t - 0.5) ** 2) / 0.05)
    series = jnp.stack([ndvi, 0.1 * t, 0.3 - 0.1 * t], axis=-1)
    model = PhenologyNet(cfg)
    params = model.init(jax.random.key(0), series)["params"]
    tile = {"params": params, "season": {"detector": {"onsets": jnp.zeros(())}}}
    (logits, margins), _ = model.apply(tile, series, mutable=["intermediates"])
    print("crop class", int(jnp.argmax(logits)), "margins", margins)
    return None
