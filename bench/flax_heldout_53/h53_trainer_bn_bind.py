# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 BaseTrainer binds the model with mutable batch_stats once; train_epoch's raw lax.scan body calls the bound module
"""Abstract trainer whose subclass fills in the loss; batch statistics are kept on a bound module."""
import abc

import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNetLite(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(nn.Dense(2)(x))


class BaseTrainer(abc.ABC):
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.bound = model.bind(variables, mutable=["batch_stats"])

    @abc.abstractmethod
    def loss(self, logits, labels):
        ...

    def _step(self, carry, batch):
        x, y = batch
        logits = self.bound(x, train=True)
        return carry + self.loss(logits, y), None

    def train_epoch(self, xs, ys):
        total, _ = jax.lax.scan(self._step, jnp.zeros(()), (xs, ys))
        return total


class XentTrainer(BaseTrainer):
    def loss(self, logits, labels):
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=-1))


def main():
    model = ConvNetLite()
    xs = jax.random.normal(jax.random.key(0), (4, 16, 6))
    ys = jnp.zeros((4, 16), jnp.int32)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    trainer = XentTrainer(model, variables)
    trainer.train_epoch(xs, ys)
    stats = trainer.bound.variables["batch_stats"]
    jax.tree.map(lambda a: jnp.linalg.norm(a), stats)
    return None
