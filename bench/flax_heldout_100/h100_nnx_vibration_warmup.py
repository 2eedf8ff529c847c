# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 VibrationEncoder.warm_up runs the while_loop itself and calls its own BatchNorm (train mode) in the body
"""Elevator-drive vibration encoder used by the predictive-maintenance service.

Before a newly installed drive is monitored, warm_up() feeds the first readings through
the encoder until the normalisation statistics settle or the budget runs out.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class VibrationEncoder(nnx.Module):
    def __init__(self, channels, rngs):
        self.proj = nnx.Linear(channels, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.8, rngs=rngs)

    def __call__(self, readings):
        return nnx.relu(self.norm(self.proj(readings)))

    def warm_up(self, batches, tol=1e-3):
        def cond(carry):
            step, delta = carry
            return (step < batches.shape[0]) & (delta > tol)

        def body(carry):
            step, _ = carry
            before = self.norm.mean.value
            self.norm(self.proj(batches[step]))
            return step + 1, jnp.abs(self.norm.mean.value - before).max()

        steps, _ = while_loop(cond, body, (0, jnp.inf))
        return steps


def main():
    encoder = VibrationEncoder(3, nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(4), (10, 32, 3))
    encoder.train()
    encoder.warm_up(batches)
    encoder.eval()
    return None
