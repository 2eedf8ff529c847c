# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the evaluator hands per-step losses from the scan body to callbacks (evaluator -> callback list -> callback.history)
"""Evaluator with a callback system: an image-quality regression model is evaluated over
validation batches with scan, and callbacks receive each step's loss."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class QualityHead(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Conv(8, (3, 3))(x)
        x = jnp.mean(nn.relu(x), axis=(1, 2))
        return nn.Dense(1)(x)[..., 0]


class Callback:
    def on_step(self, step_loss):
        pass

    def on_end(self):
        pass


class LossHistory(Callback):
    def __init__(self):
        self.history = []
        self.summary = None

    def on_step(self, step_loss):
        self.history.append(step_loss)

    def on_end(self):
        self.summary = jnp.stack(self.history).mean()


class Evaluator:
    def __init__(self, model, variables, callbacks=()):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def _loss(self, images, scores):
        pred = self.model.apply(self.variables, images)
        return jnp.mean((pred - scores) ** 2)

    def evaluate(self, images, scores):
        def body(total, batch):
            loss = self._loss(*batch)
            for cb in self.callbacks:
                cb.on_step(loss)
            return total + loss, None

        total, _ = jax.lax.scan(body, 0.0, (images, scores))
        for cb in self.callbacks:
            cb.on_end()
        return total / images.shape[0]


def main():
    model = QualityHead()
    variables = model.init(jax.random.key(0), jnp.zeros((1, 8, 8, 3)))
    hist = LossHistory()
    ev = Evaluator(model, variables, [hist])
    images = jax.random.uniform(jax.random.key(1), (3, 4, 8, 8, 3))
    scores = jax.random.uniform(jax.random.key(2), (3, 4))
    ev.evaluate(images, scores).block_until_ready()
    return None
