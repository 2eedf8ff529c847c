# label: ok
# flax-error: none
# class: 5 per-batch logits and losses leave the raw scan as ys; nnx.MultiMetric is updated after the loop
"""The NNX tutorial's eval loop as jax.lax.scan: the scan returns each batch's logits and loss,
and nnx.MultiMetric is updated outside the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


def main():
    model = nnx.Sequential(nnx.Linear(6, 16, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(16, 3, rngs=nnx.Rngs(1)))
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))
    xs = jax.random.normal(jax.random.key(2), (4, 8, 6))
    ys = jax.random.randint(jax.random.key(3), (4, 8), 0, 3)

    def eval_step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return carry, (logits, loss)

    _, (logits, losses) = scan(eval_step, None, (xs, ys))
    for i in range(xs.shape[0]):
        metrics.update(loss=losses[i], logits=logits[i], labels=ys[i])
    results = metrics.compute()
    jax.block_until_ready(results)
    return None
