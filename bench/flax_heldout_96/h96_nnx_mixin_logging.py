# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 Trainer(LoggingMixin, CheckpointMixin): model and optimizer state carried correctly, but the scan body calls self.log_step, which appends traced losses to a list on the trainer
"""Training loop assembled from mixin classes (logging, checkpoint), NNX version.

The logging mixin buffers per-step metrics and flushes their mean at the end of the epoch;
the trainer runs the epoch as one lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class LoggingMixin:
    def log_step(self, **metrics):
        self._buffer = getattr(self, "_buffer", [])
        self._buffer.append(metrics)

    def flush_logs(self):
        summary = {k: float(jnp.mean(jnp.stack([m[k] for m in self._buffer]))) for k in self._buffer[0]}
        self._buffer = []
        self.history = getattr(self, "history", []) + [summary]
        return summary


class CheckpointMixin:
    def save_checkpoint(self, step):
        self.checkpoints = getattr(self, "checkpoints", {})
        self.checkpoints[step] = nnx.to_pure_dict(nnx.state(self.model))


class Classifier(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer(LoggingMixin, CheckpointMixin):
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys, epoch):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def loss_fn(model, x, y):
            return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
            optimizer.update(model, grads)
            self.log_step(loss=loss)
            return nnx.state((model, optimizer)), None

        state, _ = lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        self.flush_logs()
        self.save_checkpoint(epoch)


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 8, 6))
    ys = jax.random.randint(jax.random.key(1), (6, 8), 0, 3)
    trainer = Trainer(Classifier(rngs=nnx.Rngs(2)))
    trainer.train_epoch(xs, ys, epoch=0)
    return None
