# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={'perturb': key}) kept on the ensemble object and called in the fori_loop body
"""Glacier melt forecasting: a perturbed-physics ensemble of basin runoff."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    members: int = 6
    basins: int = 4
    hidden: int = 10


class MeltModel(nn.Module):
    cfg: EnsembleConfig

    @nn.compact
    def __call__(self, climate):
        degree_day = 1.0 + 0.2 * jax.random.normal(self.make_rng("perturb"), (self.cfg.basins,))
        h = nn.swish(nn.Dense(self.cfg.hidden)(climate))
        return nn.softplus(nn.Dense(self.cfg.basins)(h)) * degree_day


class RunoffEnsemble:
    def __init__(self, cfg: EnsembleConfig, model: MeltModel, variables, seed: int):
        self.cfg = cfg
        self.apply_member = functools.partial(
            model.apply, variables, rngs={"perturb": jax.random.key(seed)}
        )

    def run(self, climate):
        def member(i, runoff):
            return runoff.at[i].set(self.apply_member(climate))

        empty = jnp.zeros((self.cfg.members, self.cfg.basins))
        return jax.lax.fori_loop(0, self.cfg.members, member, empty)


def main():
    cfg = EnsembleConfig()
    model = MeltModel(cfg)
    climate = jnp.array([2.5, -1.0, 0.3])
    variables = model.init({"params": jax.random.key(0), "perturb": jax.random.key(1)}, climate)
    ensemble = RunoffEnsemble(cfg, model, variables, seed=17)
    return ensemble.run(climate)
