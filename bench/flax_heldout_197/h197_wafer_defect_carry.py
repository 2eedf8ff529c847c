# label: ok
# flax-error: none
# class: 5 the DieEncoder params enter the scan as carry and are used through jax.checkpoint(encoder.apply), initialised outside the loop
"""Semiconductor wafer inspection: encode each row of dies, pool a wafer summary, classify.

The die encoder's apply is wrapped in jax.checkpoint to keep activation memory flat on large
wafers; its params are threaded through the row scan.
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


def scan_wafer(encode, encoder_params, rows, features):
    def scan_row(carry, row):
        params, summary = carry
        codes = encode({"params": params}, row)
        return (params, summary + codes.mean(axis=0)), codes.max()

    (_, summary), _ = jax.lax.scan(scan_row, (encoder_params, jnp.zeros((features,))), rows)
    return summary / rows.shape[0]


class InspectionJob:
    def __init__(self, cfg: InspectionConfig):
        self.cfg = cfg
        self.encoder = DieEncoder(cfg.features)
        self.head = nn.Dense(cfg.classes)
        self.encode = jax.checkpoint(self.encoder.apply)
        self.variables = None

    def prepare(self, key, sample):
        k_enc, k_head = jax.random.split(key)
        enc = self.encoder.init(k_enc, sample[0])
        head = self.head.init(k_head, jnp.zeros((self.cfg.features,)))
        self.variables = {"encoder": enc["params"], "head": head}

    def classify(self, wafer):
        summary = scan_wafer(self.encode, self.variables["encoder"], wafer, self.cfg.features)
        return jnp.argmax(self.head.apply(self.variables["head"], summary))


def main():
    cfg = InspectionConfig()
    wafers = jax.random.normal(jax.random.key(0), (2, cfg.rows, cfg.dies_per_row, cfg.pixels))
    job = InspectionJob(cfg)
    job.prepare(jax.random.key(1), wafers[0])
    labels = [job.classify(w) for w in wafers]
    jax.block_until_ready(labels)
    return None
