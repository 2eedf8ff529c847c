# label: ok
# flax-error: none
# class: 4 foundry.tuning (cached_property) -> desk.model / desk.variables (properties) applied in the scan body; the strike_log collection is threaded through the carry
"""Tuning desk of a bell foundry: strike each bell and estimate the partial deviations."""
from functools import cached_property

import jax
import jax.numpy as jnp
import flax.linen as fl


class PartialEstimator(fl.Module):
    partials: int = 5

    @fl.compact
    def __call__(self, spectrum):
        strikes = self.variable("strike_log", "count", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            strikes.value = strikes.value + 1
        return fl.Dense(self.partials, name="partials")(spectrum)


class TuningDesk:
    def __init__(self, partials: int, seed: int):
        self._model = PartialEstimator(partials)
        self._variables = self._model.init(jax.random.key(seed), jnp.zeros((8,)))

    @property
    def model(self):
        return self._model

    @property
    def variables(self):
        return self._variables


class Foundry:
    def __init__(self, name: str, partials: int = 5, seed: int = 2):
        self.name = name
        self._partials = partials
        self._seed = seed

    @cached_property
    def tuning(self) -> TuningDesk:
        return TuningDesk(self._partials, self._seed)


class StrikeSession:
    def __init__(self, foundry: Foundry):
        self.foundry = foundry
        self.partials = foundry.tuning.model.partials

    def run(self, spectra):
        desk = self.foundry.tuning

        def strike(carry, spectrum):
            worst, log = carry
            variables = {"params": desk.variables["params"], "strike_log": log}
            deviation, updates = desk.model.apply(variables, spectrum, mutable=["strike_log"])
            return (jnp.maximum(worst, jnp.abs(deviation).max()), updates["strike_log"]), deviation

        init = (jnp.zeros(()), desk.variables["strike_log"])
        (worst, log), deviations = jax.lax.scan(strike, init, spectra)
        return worst, log, deviations


def main():
    foundry = Foundry("whitechapel")
    spectra = jnp.linspace(0.0, 1.0, 4 * 8).reshape(4, 8)
    worst, log, deviations = StrikeSession(foundry).run(spectra)
    jax.block_until_ready((worst, log, deviations))
    return None
