# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body appends per-batch metrics computed with apply to Python lists
"""An evaluation loop over a test set moved into jax.lax.fori_loop; accuracy and loss of each
batch are appended to Python lists that are averaged after the loop."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.classes)(nn.relu(nn.Dense(16)(x)))


def main():
    model = Classifier()
    images = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    labels = jnp.arange(32).reshape(4, 8) % 3
    variables = model.init(jax.random.PRNGKey(0), images[0])
    accs, losses = [], []

    def eval_batch(i, total):
        logits = model.apply(variables, images[i])
        loss = jnp.mean(-jax.nn.log_softmax(logits)[jnp.arange(8), labels[i]])
        acc = jnp.mean(jnp.argmax(logits, -1) == labels[i])
        accs.append(acc)
        losses.append(loss)
        return total + loss

    lax.fori_loop(0, images.shape[0], eval_batch, 0.0)
    mean_acc = jnp.mean(jnp.stack(accs))
    mean_acc.block_until_ready()
    return None
