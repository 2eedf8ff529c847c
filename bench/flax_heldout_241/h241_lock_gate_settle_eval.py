# label: ok
# flax-error: none
# class: 3 the service's model attribute and cached_property variables are applied in the fori_loop body in evaluation mode
"""Level-settling loop for a lock gate: iterate the predicted chamber level towards equilibrium."""
from dataclasses import dataclass
from functools import cached_property

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LevelPredictor(nn.Module):
    gauges: int = 4

    @nn.compact
    def __call__(self, levels, train: bool):
        h = nn.Dense(self.gauges, name="gauge_mix")(levels)
        h = nn.BatchNorm(use_running_average=not train, name="gauge_norm")(h)
        return levels + 0.1 * nn.tanh(h)


@dataclass(frozen=True)
class GateSite:
    name: str
    gauges: int = 4
    seed: int = 7

    def initial_levels(self):
        return jnp.linspace(1.0, 2.5, 2 * self.gauges).reshape(2, self.gauges)


class GateLevelService:
    def __init__(self, site: GateSite, iterations: int = 6, training: bool = True):
        self.site = site
        self.iterations = iterations
        self.training = training
        self.model = LevelPredictor(site.gauges)

    @cached_property
    def variables(self):
        return self.model.init(jax.random.key(self.site.seed), self.site.initial_levels(), train=False)

    def _step(self, _, levels):
        return self.model.apply(self.variables, levels, train=self.training)

    def settle(self):
        return lax.fori_loop(0, self.iterations, self._step, self.site.initial_levels())


def main():
    service = GateLevelService(GateSite("weir-north"), training=False)
    levels = service.settle()
    jax.block_until_ready(levels)
    return None
