# label: ok
# flax-error: none
# class: 3 the custom nnx.Metric is the raw lax.scan carry (a pytree), updated in the body and returned
"""PyTorch Lightning validation_step + torchmetrics MeanAbsoluteError, ported to an nnx.Metric and a scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MeanAbsoluteError(nnx.Metric):
    def __init__(self):
        self.abs_error = nnx.metrics.MetricState(jnp.array(0.0, jnp.float32))
        self.count = nnx.metrics.MetricState(jnp.array(0, jnp.int32))

    def reset(self):
        self.abs_error[...] = jnp.array(0.0, jnp.float32)
        self.count[...] = jnp.array(0, jnp.int32)

    def update(self, *, preds, target, **_):
        self.abs_error[...] += jnp.abs(preds - target).sum()
        self.count[...] += target.size

    def compute(self):
        return self.abs_error[...] / self.count[...]


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def validate(model, metric, xs, ys):
    metric.reset()

    def validation_step(metric, batch):
        x, y = batch
        metric.update(preds=model(x), target=y)
        return metric, None

    metric, _ = lax.scan(validation_step, metric, (xs, ys))
    return metric.compute()


def main():
    model = Model(nnx.Rngs(0))
    metric = MeanAbsoluteError()
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 16, 4))
    ys = xs.sum(-1, keepdims=True)
    mae = validate(model, metric, xs, ys)
    mae.block_until_ready()
    return None
