# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "step" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 LRCallback stores functools.partial(model.apply, method=WarmupSchedule.advance); advance() bumps a self.variable counter inside a raw fori_loop body
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class WarmupSchedule(nn.Module):
    base_lr: float = 1e-2
    warmup: int = 4

    def setup(self):
        self.step = self.variable("counters", "step", lambda: jnp.zeros((), jnp.int32))
        self.scale = self.param("scale", nn.initializers.ones, ())

    def __call__(self):
        return self.lr_at(self.step.value)

    def lr_at(self, step):
        frac = jnp.minimum(1.0, (step + 1) / self.warmup)
        return self.base_lr * self.scale * frac

    def advance(self, n_steps):
        def body(i, total):
            self.step.value = self.step.value + 1
            return total + self.lr_at(self.step.value)

        return jax.lax.fori_loop(0, n_steps, body, jnp.zeros(()))


class LRCallback:
    def __init__(self, schedule: WarmupSchedule):
        self.variables = schedule.init(jax.random.key(0))
        self._advance = functools.partial(schedule.apply, method=WarmupSchedule.advance)
        self.history = []

    def on_epoch_end(self, steps_per_epoch):
        total = self._advance(self.variables, steps_per_epoch)
        self.history.append(float(total))


def main():
    callback = LRCallback(WarmupSchedule())
    for _ in range(3):
        callback.on_epoch_end(5)
    return None
