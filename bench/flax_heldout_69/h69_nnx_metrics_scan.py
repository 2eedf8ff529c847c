# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.MultiMetric closed over by the scan body and updated each step
"""Training loop as jax.lax.scan with NNX metrics updated in the step, copied from the NNX
tutorial's `metrics.update(loss=..., logits=..., labels=...)`."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(10, 4, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    graphdef, params = nnx.split(model)
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)
    xs = jnp.ones((6, 8, 10))
    ys = jnp.zeros((6, 8), jnp.int32)

    def step(carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(params):
            logits = nnx.merge(graphdef, params)(x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), logits

        (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        metrics.update(loss=loss, logits=logits, labels=y)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), (xs, ys))
    print(metrics.compute())
    return None
