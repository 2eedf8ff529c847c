# label: ok
# flax-error: none
# class: 4 FerryService reaches forecaster.model and forecaster.config (a frozen dataclass) in the scan body, which builds nnx.Rngs from the config seed folded in with the sample index
"""Island ferry demand: Monte-Carlo dropout samples give a passenger-count band
for the next sailing; seeds come from a frozen serving config."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ServingConfig:
    mc_samples: int = 6
    dropout_seed: int = 17


class DemandNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(5, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, sailing, rngs=None):
        h = self.drop(nnx.relu(self.embed(sailing)), rngs=rngs)
        return self.head(h)[..., 0]


class Forecaster:
    def __init__(self, model, config: ServingConfig):
        self.model = model
        self.config = config


class FerryService:
    def __init__(self, forecaster: Forecaster):
        self.forecaster = forecaster

    def demand_band(self, sailing):
        fc = self.forecaster
        base = jax.random.key(fc.config.dropout_seed)

        def draw(carry, i):
            rngs = nnx.Rngs(dropout=jax.random.fold_in(base, i))
            return carry, fc.model(sailing, rngs=rngs)

        _, samples = jax.lax.scan(draw, None, jnp.arange(fc.config.mc_samples))
        return samples


def main():
    sailing = jax.random.normal(jax.random.key(0), (4, 5))
    service = FerryService(Forecaster(DemandNet(nnx.Rngs(1)), ServingConfig()))
    return service.demand_band(sailing)
