# label: ok
# flax-error: none
# class: 3 a ScheduledModel's StepCount nnx.Variable value is read before the scan, carried as an int through the body, and written back after the loop
"""Model with a built-in step counter driving a warmup schedule, counter carried through the scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


class ScheduledModel(nnx.Module):
    def __init__(self, din, dout, warmup_steps, *, rngs):
        self.body = nnx.Linear(din, dout, rngs=rngs)
        self.step = StepCount(jnp.array(0, jnp.int32))
        self.warmup_steps = warmup_steps

    def warmup_scale(self, step):
        return jnp.minimum(1.0, (step + 1) / self.warmup_steps)

    def forward(self, x, step):
        return self.body(x) * self.warmup_scale(step)


def run_warmup(model, xs):
    def body(step, x):
        return step + 1, model.forward(x, step)

    final_step, ys = jax.lax.scan(body, model.step[...], xs)
    model.step[...] = final_step
    return ys


def main():
    model = ScheduledModel(3, 2, warmup_steps=10, rngs=nnx.Rngs(0))
    run_warmup(model, jnp.ones((4, 5, 3))).block_until_ready()
    return None
