# label: ok
# flax-error: none
# class: 5 a step factory closes over the assay module; each day's viability leaves the scan as ys and is sown once after the loop
"""Germination assays of the seed bank's accessions: every day of the test the trays of each seed
lot are scored for viability, and the sown viabilities feed the regeneration report."""

import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import scan

DAYS = 5
LOTS = 4
TRAY_FEATURES = 6


class ViabilityHead(linen.Module):
    @linen.compact
    def __call__(self, features):
        return linen.sigmoid(linen.Dense(1, name="score")(features))[..., 0]


class GerminationAssay(linen.Module):
    hidden: int = 8

    def setup(self):
        self.encoder = linen.Dense(self.hidden)
        self.head = ViabilityHead()

    def __call__(self, trays):
        return self.head(linen.relu(self.encoder(trays)))

    def run_assay(self, trays_by_day):
        step = make_assay_step(self)
        germinated, daily = scan(step, jnp.zeros(trays_by_day.shape[1]), trays_by_day)
        self.sow("intermediates", "viability", daily)
        return germinated


def make_assay_step(assay: GerminationAssay):
    def assay_day(germinated, trays):
        viability = assay.head(linen.relu(assay.encoder(trays)))
        return germinated + viability, viability

    return assay_day


class SeedBankMonitor:
    def __init__(self, assay: GerminationAssay, params):
        self.assay = assay
        self.params = params

    def assay_season(self, trays_by_day):
        germinated, state = self.assay.apply(
            {"params": self.params}, trays_by_day,
            method=GerminationAssay.run_assay, mutable=["intermediates"])
        return germinated, state["intermediates"]


def viability_report(intermediates):
    (daily,) = intermediates["viability"]
    return {"mean": jnp.mean(daily), "weakest_lot": jnp.argmin(jnp.mean(daily, axis=0))}


def load_trays(seed: int = 0):
    return jax.random.uniform(jax.random.key(seed), (DAYS, LOTS, TRAY_FEATURES))


def main():
    assay = GerminationAssay()
    params = assay.init(jax.random.key(1), jnp.zeros((LOTS, TRAY_FEATURES)))["params"]
    monitor = SeedBankMonitor(assay, params)
    germinated, intermediates = monitor.assay_season(load_trays())
    report = viability_report(intermediates)
    jax.block_until_ready((germinated, report))
    return None
