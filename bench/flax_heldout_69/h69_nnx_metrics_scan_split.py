# label: ok
# flax-error: none
# class: 3 metrics split into graphdef/state, carried through the scan and merged in the body
"""Training loop as jax.lax.scan with NNX metrics; the metric state is split and carried, then
merged back after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(10, 4, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    graphdef, params = nnx.split(model)
    metrics_def, metrics_state = nnx.split(metrics)
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)
    xs = jnp.ones((6, 8, 10))
    ys = jnp.zeros((6, 8), jnp.int32)

    def step(carry, batch):
        params, opt_state, metrics_state = carry
        x, y = batch

        def loss_fn(params):
            logits = nnx.merge(graphdef, params)(x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), logits

        (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        metrics = nnx.merge(metrics_def, metrics_state)
        metrics.update(loss=loss, logits=logits, labels=y)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state, nnx.state(metrics)), loss

    init = (params, opt_state, metrics_state)
    (params, opt_state, metrics_state), losses = jax.lax.scan(step, init, (xs, ys))
    nnx.update(metrics, metrics_state)
    print(metrics.compute())
    return None
