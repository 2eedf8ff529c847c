# label: ok
# flax-error: none
# class: 2 metrics split before a raw jax.lax.fori_loop, merged and updated in the body, state carried
"""Evaluation loop over a stacked validation set with lax.fori_loop; the MultiMetric is split,
its state carried through the loop, and written back with nnx.update before compute()."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def main():
    model = nnx.Linear(5, 3, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jnp.ones((4, 8, 5))
    labels = jnp.zeros((4, 8), jnp.int32)
    mdef, mstate = nnx.split(metrics)

    def eval_batch(i, mstate):
        m = nnx.merge(mdef, mstate)
        logits = model(xs[i])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
        m.update(logits=logits, labels=labels[i], loss=loss)
        return nnx.state(m)

    mstate = jax.lax.fori_loop(0, xs.shape[0], eval_batch, mstate)
    nnx.update(metrics, mstate)
    print(metrics.compute())
    return None
