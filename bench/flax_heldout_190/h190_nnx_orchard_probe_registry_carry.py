# label: ok
# flax-error: none
# class: 4 FrostProbe modules register themselves in the class-level FrostProbe.registry; CalibrationCampaign.run splits the registered probes, carries their state through the lax.while_loop and writes it back with nnx.update
"""Field recalibration of frost probes in an apple orchard.

Every probe built by the deployment script registers itself; before the frost season a
calibration campaign compares all registered probes with a reference thermometer and adjusts
each probe's drift until the readings agree.
"""
from typing import ClassVar

import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Drift(nnx.Variable):
    """Slowly varying sensor bias, re-estimated in the field."""


class FrostProbe(nnx.Module):
    registry: ClassVar[list] = []

    def __init__(self, site: str, rngs: nnx.Rngs):
        self.site = site
        self.correction = nnx.Linear(2, 1, rngs=rngs)
        self.drift = Drift(jnp.zeros(()))
        FrostProbe.registry.append(self)

    def read(self, raw):
        return self.correction(raw)[0] - self.drift[...]


class CalibrationCampaign:
    def __init__(self, reference: float, lr: float = 0.5, max_rounds: int = 15, tol: float = 1e-3):
        self.reference, self.lr, self.max_rounds, self.tol = reference, lr, max_rounds, tol

    def run(self, raw_by_site):
        probes = tuple(FrostProbe.registry)
        raws = jnp.stack([raw_by_site[p.site] for p in probes])
        graphdef, state = nnx.split(probes)

        def disagreeing(carry):
            rounds, spread, _ = carry
            return (rounds < self.max_rounds) & (spread > self.tol)

        def adjust(carry):
            rounds, _, state = carry
            live = nnx.merge(graphdef, state)
            readings = jnp.stack([p.read(raws[i]) for i, p in enumerate(live)])
            for p, reading in zip(live, readings):
                p.drift[...] = p.drift[...] + self.lr * (reading - self.reference)
            return rounds + 1, jnp.max(jnp.abs(readings - self.reference)), nnx.state(live)

        init = (jnp.int32(0), jnp.float32(jnp.inf), state)
        rounds, _, state = lax.while_loop(disagreeing, adjust, init)
        nnx.update(probes, state)
        return rounds


def deploy(sites, seed: int = 0):
    rngs = nnx.Rngs(seed)
    return [FrostProbe(site, rngs) for site in sites]


def main():
    deploy(["north-row", "creek", "packing-shed"])
    raw = {"north-row": jnp.array([0.4, 0.1]), "creek": jnp.array([0.2, 0.5]),
           "packing-shed": jnp.array([0.9, 0.3])}
    CalibrationCampaign(reference=0.0).run(raw)
    return None
