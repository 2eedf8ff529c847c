# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a ScheduledModel keeps a StepCount nnx.Variable subclass that its warmup method increments; the scan body calls the method
"""Model with a built-in step counter driving a warmup schedule, stepped inside a scan."""
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

    def warmup_scale(self):
        return jnp.minimum(1.0, (self.step[...] + 1) / self.warmup_steps)

    def forward_and_tick(self, x):
        y = self.body(x) * self.warmup_scale()
        self.step[...] = self.step[...] + 1
        return y


def run_warmup(model, xs):
    def body(carry, x):
        return carry, model.forward_and_tick(x)

    _, ys = jax.lax.scan(body, None, xs)
    return ys


def main():
    model = ScheduledModel(3, 2, warmup_steps=10, rngs=nnx.Rngs(0))
    run_warmup(model, jnp.ones((4, 5, 3))).block_until_ready()
    return None
