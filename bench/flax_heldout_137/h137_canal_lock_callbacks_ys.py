# label: ok
# flax-error: none
# class: 4 the batch_stats returned by model.apply(mutable=...) leave the lax.scan body as per-step ys; the trainer hands the last one to its callback list after the loop and reloads it from the StatsCheckpoint callback
"""Canal lock operations: a water-level predictor is fitted to lock-chamber fill curves."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FillCurveModel(nn.Module):
    @nn.compact
    def __call__(self, gauge, train: bool):
        h = nn.Dense(24)(gauge)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.swish(h))


class Callback:
    def on_step(self, step, model_state):
        pass


class StatsCheckpoint(Callback):
    def __init__(self):
        self.latest = None

    def on_step(self, step, model_state):
        self.latest = model_state


class LoggingCallback(Callback):
    def __init__(self):
        self.seen = 0

    def on_step(self, step, model_state):
        self.seen += 1


class LockTrainer:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = callbacks

    def _loss(self, params, batch_stats, gauge, level):
        pred, new_state = self.model.apply({"params": params, "batch_stats": batch_stats}, gauge,
                                           train=True, mutable=["batch_stats"])
        return jnp.mean((pred[..., 0] - level) ** 2), new_state

    def fit(self, gauges, levels, lr=1e-2):
        grad_fn = jax.value_and_grad(self._loss, has_aux=True)

        def body(params, batch):
            gauge, level = batch
            (loss, new_state), grads = grad_fn(params, self.variables["batch_stats"], gauge, level)
            return jax.tree.map(lambda p, g: p - lr * g, params, grads), (loss, new_state)

        params, (losses, states) = jax.lax.scan(body, self.variables["params"], (gauges, levels))
        last_state = jax.tree.map(lambda a: a[-1], states)
        for cb in self.callbacks:
            cb.on_step(len(losses) - 1, last_state)
        self.variables = {"params": params, **self.callbacks[0].latest}
        return losses

    def evaluate(self, gauge):
        return self.model.apply(self.variables, gauge, train=False)


def main():
    gauges = jax.random.normal(jax.random.key(0), (5, 16, 4))
    levels = gauges.sum(-1) * 0.3
    model = FillCurveModel()
    variables = model.init(jax.random.key(1), gauges[0], train=False)
    trainer = LockTrainer(model, variables, [StatsCheckpoint(), LoggingCallback()])
    trainer.fit(gauges, levels)
    trainer.evaluate(gauges[0]).block_until_ready()
    return None
