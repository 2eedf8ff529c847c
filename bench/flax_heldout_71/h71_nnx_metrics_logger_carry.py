# label: ok
# flax-error: none
# class: 4 a Validator owns an nnx.MultiMetric through a MetricsLogger; the fori_loop body writes losses and logits into carried buffers and the metrics are updated after the loop
"""Validation loop that fills buffers in a fori_loop and logs into nnx.metrics afterwards."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class TinyNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class MetricsLogger:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def log(self, **kw):
        self.metrics.update(**kw)

    def summary(self):
        return self.metrics.compute()


class Validator:
    def __init__(self, model):
        self.model = model
        self.logger = MetricsLogger()

    def run(self, xs, ys):
        n, b = ys.shape
        losses = jnp.zeros((n,))
        logits_buf = jnp.zeros((n, b, 3))

        def body(i, carry):
            losses, logits_buf = carry
            logits = self.model(xs[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
            return losses.at[i].set(loss), logits_buf.at[i].set(logits)

        losses, logits_buf = lax.fori_loop(0, n, body, (losses, logits_buf))
        self.logger.log(loss=losses, logits=logits_buf.reshape(n * b, 3), labels=ys.reshape(-1))
        return self.logger.summary()


def main():
    model = TinyNet(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(0), (4, 16, 8))
    ys = jax.random.randint(jax.random.PRNGKey(1), (4, 16), 0, 3)
    print(Validator(model).run(xs, ys))
    return None
