# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's model and variables attributes are applied in the scan body; new batch stats are parked on self
"""Cooling-curve regression for bell castings: alloy readings in, tone deviation out."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class CastingSpec:
    copper_ratio: float = 0.78
    tin_ratio: float = 0.22
    features: int = 4
    hidden: int = 8


class ToneHead(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.hidden, name="alloy_proj")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="pour_norm")(h)
        return nn.Dense(1, name="tone")(nn.relu(h))


def pour_batches(spec: CastingSpec, pours: int, batch: int):
    base = jnp.array([spec.copper_ratio, spec.tin_ratio, 0.5, 1.0])[: spec.features]
    ramp = jnp.linspace(0.0, 1.0, pours * batch).reshape(pours, batch, 1)
    return base[None, None, :] * (1.0 + ramp)


class CoolingTrainer:
    def __init__(self, spec: CastingSpec, seed: int = 0):
        self.spec = spec
        self.model = ToneHead(spec.hidden)
        sample = jnp.ones((2, spec.features))
        self.variables = self.model.init(jax.random.key(seed), sample, train=False)
        self._pending_stats = None

    def _absorb(self, batch):
        tone, updates = self.model.apply(self.variables, batch, train=True, mutable=["batch_stats"])
        self._pending_stats = updates["batch_stats"]
        return jnp.mean(tone)

    def run_pour(self, batches):
        def body(total, batch):
            mean_tone = self._absorb(batch)
            return total + mean_tone, mean_tone

        total, per_pour = jax.lax.scan(body, jnp.zeros(()), batches)
        self.variables = {"params": self.variables["params"], "batch_stats": self._pending_stats}
        return total, per_pour

    def inspect(self, readings):
        return self.model.apply(self.variables, readings, train=False)


def main():
    spec = CastingSpec()
    trainer = CoolingTrainer(spec)
    batches = pour_batches(spec, pours=3, batch=4)
    total, _ = trainer.run_pour(batches)
    tone = trainer.inspect(batches[0])
    jax.block_until_ready((total, tone))
    return None
