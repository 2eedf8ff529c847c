# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 callbacks looked up in a module-level registry are called from the scan body and keep the step's metrics on themselves; on_train_end reads them after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

CALLBACK_REGISTRY = {}


def register_callback(name):
    def wrap(cls):
        CALLBACK_REGISTRY[name] = cls
        return cls
    return wrap


class Callback:
    def on_step(self, step, metrics):
        pass

    def on_train_end(self):
        pass


@register_callback("best_accuracy")
class BestAccuracy(Callback):
    def __init__(self):
        self.best = jnp.float32(0)

    def on_step(self, step, metrics):
        self.best = jnp.maximum(self.best, metrics["accuracy"])

    def on_train_end(self):
        self.summary = jnp.round(self.best, 4)


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(nn.relu(nn.Dense(16)(x)))


class Evaluator:
    def __init__(self, model, variables, callback_names):
        self.model, self.variables = model, variables
        self.callbacks = [CALLBACK_REGISTRY[name]() for name in callback_names]

    def _metrics(self, x, y):
        logits = self.model.apply(self.variables, x)
        return {"accuracy": jnp.mean(jnp.argmax(logits, -1) == y)}

    def evaluate(self, xs, ys):
        def body(step, batch):
            metrics = self._metrics(*batch)
            for cb in self.callbacks:
                cb.on_step(step, metrics)
            return step + 1, None

        lax.scan(body, 0, (xs, ys))
        for cb in self.callbacks:
            cb.on_train_end()


def main():
    xs = jax.random.normal(jax.random.key(1), (5, 8, 6))
    ys = jax.random.randint(jax.random.key(2), (5, 8), 0, 4)
    model = Classifier()
    variables = model.init(jax.random.key(0), xs[0])
    Evaluator(model, variables, ["best_accuracy"]).evaluate(xs, ys)
    return None
