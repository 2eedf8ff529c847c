# label: ok
# flax-error: none
# class: 5 Trainer(LoggingMixin, EMAMixin, CheckpointMixin): EMA params carried through the lax.scan next to the params, stored on the trainer after it
"""Training loop assembled from mixin classes (logging, EMA, checkpoint).

The epoch runs as one lax.scan over batches; the EMA mixin provides a pure update that the
scan body applies to the EMA parameters in its carry, and the checkpoint mixin saves them."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LoggingMixin:
    def log(self, **metrics):
        self.logs = getattr(self, "logs", [])
        self.logs.append(metrics)


class EMAMixin:
    ema_decay = 0.99

    def init_ema(self, params):
        self.ema_params = params

    def ema_step(self, ema_params, params):
        d = self.ema_decay
        return jax.tree.map(lambda e, p: d * e + (1.0 - d) * p, ema_params, params)


class CheckpointMixin:
    def save_checkpoint(self, step):
        self.checkpoints = getattr(self, "checkpoints", {})
        self.checkpoints[step] = jax.tree.map(lambda x: jnp.array(x, copy=True), self.ema_params)


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(16)(x))).squeeze(-1)


class Trainer(LoggingMixin, EMAMixin, CheckpointMixin):
    def __init__(self, model, params, lr=0.05):
        self.model = model
        self.params = params
        self.lr = lr
        self.init_ema(params)

    def loss(self, params, batch):
        x, y = batch
        return jnp.mean((self.model.apply({"params": params}, x) - y) ** 2)

    def train_epoch(self, batches, epoch):
        def body(carry, batch):
            params, ema_params = carry
            loss, grads = jax.value_and_grad(self.loss)(params, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return (params, self.ema_step(ema_params, params)), loss

        (self.params, self.ema_params), losses = jax.lax.scan(
            body, (self.params, self.ema_params), batches)
        self.log(epoch=epoch, loss=float(losses.mean()))
        self.save_checkpoint(epoch)


def main():
    model = Regressor()
    x = jax.random.normal(jax.random.key(0), (8, 16, 3))
    y = jnp.sin(x).sum(-1)
    params = model.init(jax.random.key(1), x[0])["params"]
    trainer = Trainer(model, params)
    trainer.train_epoch((x, y), epoch=0)
    return None
