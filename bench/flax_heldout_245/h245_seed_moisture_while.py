# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "moisture" in "/" because collection "drying" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the chamber's own __call__ runs the while_loop whose body writes the chamber's moisture variable, while the caller applies without a mutable drying collection
"""Drying chamber for incoming seed lots: a lot is dried in cycles until its moisture content is
below the storage threshold of the long-term vault."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as ln
from jax import lax


@dataclass(frozen=True)
class VaultStandard:
    intake_moisture: float = 0.15
    target_moisture: float = 0.06
    max_cycles: int = 12
    lot_features: int = 5


class DryingChamber(ln.Module):
    standard: VaultStandard

    def setup(self):
        self.rate_head = ln.Dense(1)
        self.moisture = self.variable("drying", "moisture",
                                      lambda: jnp.full((), self.standard.intake_moisture))

    def drying_rate(self, lot):
        return jax.nn.sigmoid(self.rate_head(lot))[0] * 0.3

    def __call__(self, lot):
        rate = self.drying_rate(lot)

        def too_wet(cycle):
            return (self.moisture.value > self.standard.target_moisture) & (cycle < self.standard.max_cycles)

        def dry_once(cycle):
            self.moisture.value = self.moisture.value * (1.0 - rate)
            return cycle + 1

        return lax.while_loop(too_wet, dry_once, 0)


def incoming_lot(standard: VaultStandard, accession: int):
    return jax.random.uniform(jax.random.key(accession), (standard.lot_features,))


def prepare_chamber(standard: VaultStandard, lot):
    chamber = DryingChamber(standard)
    variables = chamber.init(jax.random.key(0), lot, method=DryingChamber.drying_rate)
    return chamber, variables


def cycles_for(chamber: DryingChamber, variables, lot):
    return chamber.apply(variables, lot)


def main():
    standard = VaultStandard()
    lot = incoming_lot(standard, accession=4401)
    chamber, variables = prepare_chamber(standard, lot)
    cycles = cycles_for(chamber, variables, lot)
    jax.block_until_ready(cycles)
    return None
