# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the while_loop body reads and reassigns GridTrainer.batch_stats, an attribute of the trainer
"""Regional grid load model: warm up BatchNorm statistics on fresh telemetry before evaluation."""
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.lax as jlax
import jax.numpy as jnp
from flax import linen as nn


@dataclass
class WarmupPolicy:
    max_rounds: int = 6
    tolerance: float = 1e-4


class RegionalLoadNet(nn.Module):
    features: tuple = (16, 8)

    @nn.compact
    def __call__(self, x, train: bool = False):
        for i, width in enumerate(self.features):
            x = nn.Dense(width, name=f"dense_{i}")(x)
            x = nn.BatchNorm(use_running_average=not train, name=f"bn_{i}")(x)
            x = nn.swish(x)
        return nn.Dense(1, name="mw")(x)


def stats_shift(old, new):
    return sum(jnp.sum(jnp.abs(a - b)) for a, b in zip(jax.tree.leaves(old), jax.tree.leaves(new)))


@dataclass
class GridTrainer:
    model: RegionalLoadNet
    params: dict
    batch_stats: dict
    policy: WarmupPolicy = field(default_factory=WarmupPolicy)

    def warm_stats(self, telemetry):
        n = telemetry.shape[0]

        def keep_going(state):
            rnd, shift = state
            return (rnd < self.policy.max_rounds) & (shift > self.policy.tolerance)

        def one_round(state):
            rnd, _ = state
            batch = telemetry[rnd % n]
            _, updates = self.model.apply(
                {"params": self.params, "batch_stats": self.batch_stats}, batch, train=True, mutable=["batch_stats"]
            )
            shift = stats_shift(self.batch_stats, updates["batch_stats"])
            self.batch_stats = updates["batch_stats"]
            return rnd + 1, shift

        rounds, _ = jlax.while_loop(keep_going, one_round, (jnp.int32(0), jnp.float32(jnp.inf)))
        return rounds

    def evaluate(self, x):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, x, train=False)


def main():
    telemetry = 40.0 + 5.0 * jax.random.normal(jax.random.key(2), (3, 16, 6))
    model = RegionalLoadNet()
    variables = model.init(jax.random.key(0), telemetry[0])
    trainer = GridTrainer(model, variables["params"], variables["batch_stats"])
    jax.block_until_ready(trainer.warm_stats(telemetry))
    jax.block_until_ready(trainer.evaluate(telemetry[0]))
    return None
