# label: ok
# flax-error: none
# class: 2 the local `metrics` module of main() is split before the fori_loop; its state is carried, merged in the body and updated back after
"""Metrics accumulation, twin of h107_nnx_eval_metrics_counter: the metrics module is
split with nnx.split, its state travels in the fori_loop carry, the body merges, updates
and returns the new state, and nnx.update writes it back after the loop."""
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
    graphdef, state = nnx.split(metrics)

    def eval_step(i, carry):
        acc, state = carry
        m = nnx.merge(graphdef, state)
        loss = jnp.mean((model(xs[i]) - ys[i]) ** 2)
        m.update(loss)
        return acc + loss, nnx.state(m)

    total, state = jax.lax.fori_loop(0, xs.shape[0], eval_step, (0.0, state))
    nnx.update(metrics, state)
    print(float(total), float(metrics.compute()))
    return None
