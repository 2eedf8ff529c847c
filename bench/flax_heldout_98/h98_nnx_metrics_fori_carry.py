# label: ok
# flax-error: none
# class: 4 validation loop with jax.lax.fori_loop; the metric state from nnx.split is the carry, merged and updated in the body, nnx.update after
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

    metrics_def, metrics_state = nnx.split(metrics)

    def body(i, metrics_state):
        m = nnx.merge(metrics_def, metrics_state)
        logits = model(xs[i])
        loss = -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(4), labels[i]])
        m.update(logits=logits, labels=labels[i], loss=loss)
        return nnx.state(m)

    metrics_state = jax.lax.fori_loop(0, xs.shape[0], body, metrics_state)
    nnx.update(metrics, metrics_state)
    print(metrics.compute())
    return None
