# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat(DieEncoder) submodule made in setup() is called in the scan body, so its params are initialised through the remat wrapper inside the loop
"""Semiconductor wafer inspection: encode each row of dies, pool a wafer summary, classify.

The die encoder is wrapped in nn.remat to keep activation memory flat on large wafers.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class InspectionConfig:
    dies_per_row: int = 6
    rows: int = 5
    pixels: int = 10
    features: int = 8
    classes: int = 3


class DieEncoder(nn.Module):
    features: int

    @nn.compact
    def __call__(self, row):
        h = nn.gelu(nn.Dense(self.features)(row))
        return nn.Dense(self.features)(h)


class WaferScanner(nn.Module):
    cfg: InspectionConfig

    def setup(self):
        self.encoder = nn.remat(DieEncoder)(self.cfg.features)
        self.head = nn.Dense(self.cfg.classes)

    def __call__(self, rows):
        def scan_row(summary, row):
            codes = self.encoder(row)
            return summary + codes.mean(axis=0), codes.max()

        summary, _ = jax.lax.scan(scan_row, jnp.zeros((self.cfg.features,)), rows)
        return self.head(summary / rows.shape[0])


class InspectionJob:
    def __init__(self, cfg: InspectionConfig):
        self.cfg = cfg
        self.model = WaferScanner(cfg)
        self.variables = None

    def prepare(self, key, sample):
        self.variables = self.model.init(key, sample)

    def classify(self, wafer):
        return jnp.argmax(self.model.apply(self.variables, wafer))


def main():
    cfg = InspectionConfig()
    wafers = jax.random.normal(jax.random.key(0), (2, cfg.rows, cfg.dies_per_row, cfg.pixels))
    job = InspectionJob(cfg)
    job.prepare(jax.random.key(1), wafers[0])
    labels = [job.classify(w) for w in wafers]
    jax.block_until_ready(labels)
    return None
