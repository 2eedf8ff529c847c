# label: same-values
# flax-error: none
# class: 3 one 'mc' key is drawn from make_rng before the scan; the checkpointed cycle body passes it to a cell-noise helper every step
"""Battery state-of-health estimation with Monte-Carlo cell-to-cell variation.

A degradation network maps per-cycle stress (temperature, depth of discharge) to a
capacity-fade fraction; each simulated cycle adds manufacturing-like noise across the cells
of a pack so that the spread of end-of-life capacity can be estimated.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PackConfig:
    cells: int = 6
    hidden: int = 8
    cell_sigma: float = 0.002


class DegradationModel(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, stress):
        h = nn.swish(nn.Dense(self.hidden)(stress))
        return 0.01 * nn.sigmoid(nn.Dense(1)(h))[0]


class SoHEstimator(nn.Module):
    cfg: PackConfig

    def setup(self):
        self.fade = DegradationModel(self.cfg.hidden)

    def _cell_noise(self, key):
        return self.cfg.cell_sigma * jax.random.normal(key, (self.cfg.cells,))

    def _age(self, capacity, stress, key):
        eps = self._cell_noise(key)
        return capacity * (1.0 - self.fade(stress)) + eps, eps

    def __call__(self, stress_profile):
        key = self.make_rng("mc")
        capacity = jnp.ones((self.cfg.cells,)) * (1.0 - self.fade(stress_profile[0]))

        def cycle(capacity, stress):
            return self._age(capacity, stress, key)

        capacity, eps = jax.lax.scan(jax.checkpoint(cycle), capacity, stress_profile[1:])
        return capacity, eps


def main():
    cfg = PackConfig()
    cycles = jnp.arange(9.0)
    stress = jnp.stack([25.0 + 5.0 * jnp.sin(cycles), 0.8 - 0.02 * cycles], axis=-1) / 30.0
    model = SoHEstimator(cfg)
    variables = model.init({"params": jax.random.key(0), "mc": jax.random.key(1)}, stress)
    capacity, eps = jax.jit(lambda v, s, k: model.apply(v, s, rngs={"mc": k}))(variables, stress, jax.random.key(2))
    print("end-of-life capacity", capacity.mean(), "+-", capacity.std())
    return eps
