# label: ok
# flax-error: none
# class: 3 a frozen dataclass bundle holds nnx.split(model); the state (with the dropout stream) goes through the scan carry and is merged in the body
"""Indigo vat simulator: stochastic reduction-level trajectories from a frozen model bundle."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class FrozenBundle:
    graphdef: Any
    state: Any

    @classmethod
    def freeze(cls, module):
        graphdef, state = nnx.split(module)
        return cls(graphdef, state)


class IndigoVatModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(4, 12, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.reduction = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, vat):
        return self.reduction(self.dropout(nnx.relu(self.encode(vat))))[..., 0]


class VatSimulator:
    def __init__(self, bundle: FrozenBundle, days=5):
        self.bundle = bundle
        self.days = days

    def trajectories(self, vat):
        def day(state, _):
            model = nnx.merge(self.bundle.graphdef, state)
            return nnx.state(model), model(vat)

        _, levels = scan(day, self.bundle.state, None, length=self.days)
        return levels


def main():
    vat = jnp.array([[9.5, 0.3, 0.8, 0.2], [10.2, 0.5, 0.6, 0.4]])  # pH, lime, bran, temperature
    model = IndigoVatModel(nnx.Rngs(params=0, dropout=1))
    return VatSimulator(FrozenBundle.freeze(model)).trajectories(vat)
