# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(cell)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the fori_loop body in WitheringLine calls an nn.remat-wrapped cell whose BatchNorm updates batch_stats in training mode
"""Tea withering: leaf moisture through the withering trough, hour by hour, with a rematerialised cell."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class TroughConfig:
    hours: int = 6
    features: int = 4
    adapt_statistics: bool = True


class WitherCell(nn.Module):
    @nn.compact
    def __call__(self, leaf, train: bool):
        h = nn.Dense(leaf.shape[-1])(leaf)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return leaf - 0.1 * nn.sigmoid(h)


class WitheringLine(nn.Module):
    cfg: TroughConfig

    def setup(self):
        self.cell = nn.remat(WitherCell, static_argnums=(2,))()

    def prime(self, leaf):
        return self.cell(leaf, False)

    def __call__(self, leaf, train: bool):
        def hour(_, moisture):
            return self.cell(moisture, train)

        return fori_loop(0, self.cfg.hours, hour, leaf)


class WitheringRun:
    def __init__(self, cfg: TroughConfig, seed: int = 0):
        self.cfg = cfg
        self.line = WitheringLine(cfg)
        sample = jnp.ones((3, cfg.features))
        self.variables = self.line.init(jax.random.key(seed), sample, method=WitheringLine.prime)

    def batch(self, leaf):
        return self.line.apply(self.variables, leaf, self.cfg.adapt_statistics)


def main():
    run = WitheringRun(TroughConfig())
    leaf = jax.random.uniform(jax.random.key(6), (3, 4), minval=0.6, maxval=0.8)
    moisture = run.batch(leaf)
    jax.block_until_ready(moisture)
    return None
