# label: ok
# flax-error: none
# class: 2 evaluate() runs a while_loop over batches that writes each loss into a carried array; metric.update(values=losses) once after the loop
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


def evaluate(model, metric, xs, ys):
    n_batches = xs.shape[0]

    def cond(state):
        return state[0] < n_batches

    def body(state):
        i, seen, losses = state
        loss = jnp.mean((model(xs[i]) - ys[i]) ** 2)
        return i + 1, seen + xs.shape[1], losses.at[i].set(loss)

    _, seen, losses = while_loop(cond, body, (0, 0, jnp.zeros((n_batches,))))
    metric.update(values=losses)
    return seen


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    metric = nnx.metrics.Average()
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    evaluate(model, metric, xs, ys)
    print("eval loss", metric.compute())
    return None
