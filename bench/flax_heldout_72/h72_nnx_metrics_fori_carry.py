# label: ok
# flax-error: none
# class: 3 model only read inside the raw lax.fori_loop, sums carried out and nnx metrics updated once after the loop
"""NNX eval loop with lax.fori_loop, accumulating in the carry and updating metrics afterwards."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


def main():
    model = nnx.Linear(6, 3, rngs=nnx.Rngs(0))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jnp.ones((4, 8, 6))
    ys = jnp.zeros((4, 8), jnp.int32)

    def eval_batch(i, carry):
        loss_sum, logits_all = carry
        logits = model(xs[i])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
        return loss_sum + loss, logits_all.at[i].set(logits)

    loss_sum, logits_all = lax.fori_loop(0, xs.shape[0], eval_batch, (0.0, jnp.zeros((4, 8, 3))))
    metrics.update(loss=loss_sum / xs.shape[0], logits=logits_all.reshape(-1, 3), labels=ys.reshape(-1))
    print(metrics.compute())
    return None
