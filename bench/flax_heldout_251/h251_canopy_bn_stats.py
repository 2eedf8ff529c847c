# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the BatchNorm kept as the `norm` attribute of CanopyEncoder is called in train mode inside the scan body over probe rows
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
    learning_rate: float = 0.05
    steps: int = 3


@dataclasses.dataclass(frozen=True)
class BlockState:
    params: Any
    batch_stats: Any
    step: int = 0
    last_loss: float = float("nan")


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


class MoistureTrainer:
    def __init__(self, config: IrrigationConfig):
        self.config = config
        self.model = CanopyEncoder(hidden=config.hidden)

    def create_state(self, key, sample) -> BlockState:
        variables = self.model.init(key, sample, train=False)
        return BlockState(params=variables["params"], batch_stats=variables["batch_stats"])

    def _loss(self, params, batch_stats, rows):
        loss, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, rows, train=True, mutable=["batch_stats"]
        )
        return loss, updates["batch_stats"]

    def step(self, state: BlockState, rows) -> BlockState:
        (loss, new_stats), grads = jax.value_and_grad(self._loss, has_aux=True)(
            state.params, state.batch_stats, rows
        )
        params = jax.tree.map(lambda p, g: p - self.config.learning_rate * g, state.params, grads)
        return dataclasses.replace(
            state, params=params, batch_stats=new_stats, step=state.step + 1, last_loss=loss
        )


def probe_readings(config: IrrigationConfig, key):
    return jax.random.uniform(key, (config.n_rows, config.probes_per_row, config.features))


def main():
    config = IrrigationConfig()
    trainer = MoistureTrainer(config)
    rows = probe_readings(config, jax.random.key(11))
    state = trainer.create_state(jax.random.key(0), rows)
    for _ in range(config.steps):
        state = trainer.step(state, rows)
    jax.block_until_ready((state.params, state.batch_stats, state.last_loss))
    return None
