# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 Trainer(LoggingMixin, EMAMixin, CheckpointMixin): model state carried correctly, but the scan body calls self.update_ema, which nnx.update()s the outer EMA model
"""Training loop assembled from mixin classes (logging, EMA, checkpoint), NNX version.

The trainer carries the model and optimizer state through one lax.scan per epoch; the EMA
mixin keeps a shadow model that it updates after every step; the checkpoint mixin snapshots
the shadow model."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class LoggingMixin:
    def log(self, **metrics):
        self.logs = getattr(self, "logs", [])
        self.logs.append(metrics)


class EMAMixin:
    ema_decay = 0.99

    def init_ema(self, model):
        self.ema_model = nnx.clone(model)

    def update_ema(self, model):
        d = self.ema_decay
        ema = nnx.state(self.ema_model, nnx.Param)
        new = nnx.state(model, nnx.Param)
        nnx.update(self.ema_model, jax.tree.map(lambda e, p: d * e + (1.0 - d) * p, ema, new))


class CheckpointMixin:
    def save_checkpoint(self, step):
        self.checkpoints = getattr(self, "checkpoints", {})
        self.checkpoints[step] = nnx.to_pure_dict(nnx.state(self.ema_model))


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x))).squeeze(-1)


class Trainer(LoggingMixin, EMAMixin, CheckpointMixin):
    def __init__(self, model, lr=0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr), wrt=nnx.Param)
        self.init_ema(model)

    def train_epoch(self, batches, epoch):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            self.update_ema(model)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        self.log(epoch=epoch, loss=float(losses.mean()))
        self.save_checkpoint(epoch)


def main():
    x = jax.random.normal(jax.random.key(0), (8, 16, 3))
    y = jnp.sin(x).sum(-1)
    trainer = Trainer(Regressor(rngs=nnx.Rngs(1)))
    trainer.train_epoch((x, y), epoch=0)
    return None
