# label: ok
# flax-error: none
# class: 5 Trainer(LoggingMixin, CheckpointMixin): model and optimizer state carried; the scan body returns its losses as outputs and the logging mixin receives them after the loop
"""Training loop assembled from mixin classes (logging, checkpoint), NNX version.

The logging mixin takes the per-step metrics of the whole epoch, which the lax.scan returns
as its stacked outputs, and records their mean."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class LoggingMixin:
    def log_steps(self, **metrics):
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
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        self.log_steps(loss=losses)
        self.flush_logs()
        self.save_checkpoint(epoch)


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 8, 6))
    ys = jax.random.randint(jax.random.key(1), (6, 8), 0, 3)
    trainer = Trainer(Classifier(rngs=nnx.Rngs(2)))
    trainer.train_epoch(xs, ys, epoch=0)
    return None
