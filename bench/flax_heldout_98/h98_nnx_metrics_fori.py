# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 validation loop with jax.lax.fori_loop; the body calls update on a closed-over nnx.MultiMetric
import jax
import jax.numpy as jnp
import flax.nnx as nnx


def main():
    model = nnx.Linear(5, 3, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(
        accuracy=nnx.metrics.Accuracy(),
        loss=nnx.metrics.Average("loss"),
    )
    xs = jax.random.normal(jax.random.key(1), (6, 4, 5))
    labels = jnp.zeros((6, 4), jnp.int32)

    def body(i, carry):
        logits = model(xs[i])
        loss = -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(4), labels[i]])
        metrics.update(logits=logits, labels=labels[i], loss=loss)
        return carry

    jax.lax.fori_loop(0, xs.shape[0], body, None)
    print(metrics.compute())
    return None
