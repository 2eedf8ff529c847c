# label: ok
# flax-error: none
# class: 1 AccumulatingUpdater.__call__ runs the fori_loop itself; the 'schedule' step enters and leaves through the carry and is written after the loop
"""Gradient accumulation for a hearing-aid denoiser: the learning-rate schedule lives on a frozen config."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ScheduleConfig:
    peak_lr: float = 3e-3
    warmup_steps: int = 4
    decay_rate: float = 0.97

    def lr(self, step):
        step = jnp.asarray(step, jnp.float32)
        warm = self.peak_lr * jnp.minimum(1.0, (step + 1.0) / self.warmup_steps)
        return warm * self.decay_rate ** jnp.maximum(0.0, step - self.warmup_steps)


class AccumulatingUpdater(nn.Module):
    """Turns a stack of micro-batch gradients into one parameter delta, advancing the schedule per micro-batch."""

    config: ScheduleConfig

    @nn.compact
    def __call__(self, micro_grads):
        step = self.variable("schedule", "step", lambda: jnp.zeros((), jnp.int32))

        def accumulate(i, carry):
            delta, count = carry
            lr = self.config.lr(count)
            return delta - lr * micro_grads[i], count + 1

        zero = jnp.zeros(micro_grads.shape[1:])
        delta, count = lax.fori_loop(0, micro_grads.shape[0], accumulate, (zero, step.value))
        step.value = count
        return delta


class DenoiserTrainer:
    def __init__(self, updater: AccumulatingUpdater, filter_taps: int):
        self.updater = updater
        self.weights = jnp.zeros((filter_taps,))
        self.state = None

    def setup(self, micro_grads):
        self.state = self.updater.init(jax.random.key(0), micro_grads)

    def apply_update(self, micro_grads):
        delta, self.state = self.updater.apply(self.state, micro_grads, mutable=["schedule"])
        self.weights = self.weights + delta


def main():
    grads = jax.random.normal(jax.random.key(3), (3, 8, 16))
    trainer = DenoiserTrainer(AccumulatingUpdater(ScheduleConfig()), filter_taps=16)
    trainer.setup(grads[0])
    for micro_grads in grads:
        trainer.apply_update(micro_grads)
    print("schedule step", int(trainer.state["schedule"]["step"]))
    return None
