# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local `metrics` module of main() (nnx.Variable counters) is updated inside the fori_loop body
"""Evaluation loop that accumulates metrics in an NNX module made of nnx.Variable
counters (number of batches, summed loss). The raw lax.fori_loop body closes over the
metrics module and bumps its counters, as in 'counter in nnx module inside fori_loop'."""
import jax
import jax.numpy as jnp
from flax import nnx


class RunningLoss(nnx.Module):
    def __init__(self):
        self.count = nnx.Variable(jnp.array(0, jnp.int32))
        self.total = nnx.Variable(jnp.array(0.0))

    def update(self, loss):
        self.count.value += 1
        self.total.value += loss

    def compute(self):
        return self.total.value / jnp.maximum(self.count.value, 1)


def main():
    model = nnx.Linear(6, 1, rngs=nnx.Rngs(0))
    metrics = RunningLoss()
    xs = jax.random.normal(jax.random.PRNGKey(1), (8, 16, 6))
    ys = jnp.sum(xs, -1, keepdims=True)

    def eval_step(i, acc):
        loss = jnp.mean((model(xs[i]) - ys[i]) ** 2)
        metrics.update(loss)
        return acc + loss

    total = jax.lax.fori_loop(0, xs.shape[0], eval_step, 0.0)
    print(float(total), float(metrics.compute()))
    return None
