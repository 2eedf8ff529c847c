# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 jax.checkpoint-wrapped scan body hands the updated batch_stats to callback objects, which keep them on self for on_epoch_end
"""Trainer with a callback system; the scan body is rematerialized with jax.checkpoint.

Callbacks get `on_step(logs)` from inside the epoch and `on_epoch_end()` after it; the
BatchStatsDrift callback reports how far the running statistics moved during the epoch."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Callback:
    def on_step(self, logs):
        pass

    def on_epoch_end(self):
        return {}


class BatchStatsDrift(Callback):
    def __init__(self, initial_stats):
        self.initial = initial_stats
        self.latest = initial_stats

    def on_step(self, logs):
        self.latest = logs["batch_stats"]

    def on_epoch_end(self):
        diffs = jax.tree.map(lambda a, b: jnp.sum((a - b) ** 2), self.latest, self.initial)
        return {"bn_drift": float(sum(jax.tree.leaves(diffs)))}


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(2)(nn.relu(x).mean(axis=1))


class Trainer:
    def __init__(self, model, variables, callbacks, lr=0.1):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.callbacks = callbacks
        self.lr = lr

    def loss_fn(self, params, batch_stats, x, y):
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"])
        onehot = jax.nn.one_hot(y, 2)
        return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1)), updates["batch_stats"]

    def fit_epoch(self, xs, ys):
        @jax.checkpoint
        def body(carry, batch):
            params, batch_stats = carry
            (loss, batch_stats), grads = jax.value_and_grad(self.loss_fn, has_aux=True)(
                params, batch_stats, *batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            for cb in self.callbacks:
                cb.on_step({"loss": loss, "batch_stats": batch_stats})
            return (params, batch_stats), loss

        (self.params, self.batch_stats), losses = lax.scan(body, (self.params, self.batch_stats), (xs, ys))
        report = {"loss": float(losses.mean())}
        for cb in self.callbacks:
            report.update(cb.on_epoch_end())
        return report


def main():
    model = ConvNet()
    xs = jax.random.normal(jax.random.key(0), (5, 4, 12, 3))
    ys = jax.random.randint(jax.random.key(1), (5, 4), 0, 2)
    variables = model.init(jax.random.key(2), xs[0], train=False)
    trainer = Trainer(model, variables, [BatchStatsDrift(variables["batch_stats"])])
    trainer.fit_epoch(xs, ys)
    return None
