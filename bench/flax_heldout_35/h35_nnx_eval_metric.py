# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 evaluate() runs a while_loop over batches whose body calls metric.update(values=loss) on the nnx.metrics.Average passed in
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


def evaluate(model, metric, xs, ys):
    n_batches = xs.shape[0]

    def cond(state):
        return state[0] < n_batches

    def body(state):
        i, seen = state
        loss = jnp.mean((model(xs[i]) - ys[i]) ** 2)
        metric.update(values=loss)
        return i + 1, seen + xs.shape[1]

    _, seen = while_loop(cond, body, (0, 0))
    return seen


def main():
    model = nnx.Linear(3, 1, rngs=nnx.Rngs(0))
    metric = nnx.metrics.Average()
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    evaluate(model, metric, xs, ys)
    print("eval loss", metric.compute())
    return None
