# label: same-values
# flax-error: none
# class: 5 a factory returns a jax.checkpoint-wrapped fori_loop body for the runtime-chosen spread model, building nnx.Rngs from the configured seed inside the body
"""Wildfire spread: Monte Carlo ember-spotting samples from interchangeable spread models."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class FireConfig:
    model: str = "ember"
    cells: int = 16
    samples: int = 5
    seed: int = 3


class SpreadModel(nnx.Module, abc.ABC):
    @abc.abstractmethod
    def spread(self, fuel, rngs: nnx.Rngs):
        ...


class EmberSpotting(SpreadModel):
    def __init__(self, cells: int, rngs: nnx.Rngs):
        self.wind = nnx.Linear(cells, cells, rngs=rngs)
        self.embers = nnx.Dropout(0.4)

    def spread(self, fuel, rngs: nnx.Rngs):
        return jax.nn.sigmoid(self.embers(self.wind(fuel), rngs=rngs))


class CellularSpread(SpreadModel):
    def __init__(self, cells: int, rngs: nnx.Rngs):
        self.kernel = nnx.Conv(1, 1, kernel_size=(3,), rngs=rngs)

    def spread(self, fuel, rngs: nnx.Rngs):
        return jax.nn.sigmoid(self.kernel(fuel[:, None])[:, 0])


MODELS = {"ember": EmberSpotting, "cellular": CellularSpread}


def make_rollout(model: SpreadModel, cfg: FireConfig, fuel):
    def sample(i, burned):
        rngs = nnx.Rngs(dropout=cfg.seed)
        return burned.at[i].set(model.spread(fuel, rngs))

    return jax.checkpoint(sample)


def main():
    cfg = FireConfig()
    model = MODELS[cfg.model](cfg.cells, nnx.Rngs(0))
    fuel = jax.random.uniform(jax.random.key(5), (cfg.cells,))
    body = make_rollout(model, cfg, fuel)
    burned = jax.lax.fori_loop(0, cfg.samples, body, jnp.zeros((cfg.samples, cfg.cells)))
    return burned
