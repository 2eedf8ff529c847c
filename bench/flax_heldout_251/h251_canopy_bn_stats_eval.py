# label: ok
# flax-error: none
# class: 3 the BatchNorm kept as the `norm` attribute of CanopyEncoder is called with running averages inside the scan body over probe rows
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class IrrigationConfig:
    n_rows: int = 4
    probes_per_row: int = 5
    features: int = 3
    hidden: int = 8
    n_blocks: int = 3


@dataclasses.dataclass(frozen=True)
class BlockReport:
    params: Any
    batch_stats: Any
    blocks_scored: int = 0
    worst_deficit: float = 0.0


class CanopyEncoder(nn.Module):
    hidden: int

    def setup(self):
        self.proj = nn.Dense(self.hidden)
        self.norm = nn.BatchNorm(momentum=0.9)
        self.head = nn.Dense(1)

    def reference(self, row):
        return self.head(nn.relu(self.norm(self.proj(row), use_running_average=True)))

    def __call__(self, rows, train: bool = False):
        baseline = self.reference(rows[0]).mean()

        def row_step(total, row):
            h = self.norm(self.proj(row), use_running_average=not train)
            deficit = self.head(nn.relu(h)).mean() - baseline
            return total + deficit ** 2, None

        total, _ = jax.lax.scan(row_step, jnp.zeros(()), rows)
        return total / rows.shape[0]


class BlockEvaluator:
    def __init__(self, config: IrrigationConfig):
        self.config = config
        self.model = CanopyEncoder(hidden=config.hidden)

    def create_report(self, key, sample) -> BlockReport:
        variables = self.model.init(key, sample, train=False)
        return BlockReport(params=variables["params"], batch_stats=variables["batch_stats"])

    def score(self, report: BlockReport, rows) -> BlockReport:
        deficit = self.model.apply(
            {"params": report.params, "batch_stats": report.batch_stats}, rows, train=False
        )
        return dataclasses.replace(
            report,
            blocks_scored=report.blocks_scored + 1,
            worst_deficit=jnp.maximum(report.worst_deficit, deficit),
        )


def probe_readings(config: IrrigationConfig, key):
    return jax.random.uniform(key, (config.n_rows, config.probes_per_row, config.features))


def main():
    config = IrrigationConfig()
    evaluator = BlockEvaluator(config)
    keys = jax.random.split(jax.random.key(11), config.n_blocks)
    report = evaluator.create_report(jax.random.key(0), probe_readings(config, keys[0]))
    for key in keys:
        report = evaluator.score(report, probe_readings(config, key))
    jax.block_until_ready((report.batch_stats, report.worst_deficit))
    return None
