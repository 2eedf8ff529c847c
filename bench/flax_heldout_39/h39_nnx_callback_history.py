# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the raw scan body (which carries the split model/optimizer state correctly) hands each loss to the Trainer's callbacks, which append it to Python lists
"""Keras-style callbacks around an NNX training loop that runs one epoch per lax.scan."""
import dataclasses
from typing import List

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Callback:
    def on_step_end(self, step, logs): ...
    def on_epoch_end(self, epoch): ...


class LossHistory(Callback):
    def __init__(self):
        self.step_losses: List[jax.Array] = []
        self.epoch_means: List[float] = []

    def on_step_end(self, step, logs):
        self.step_losses.append(logs["loss"])

    def on_epoch_end(self, epoch):
        self.epoch_means.append(float(jnp.mean(jnp.stack(self.step_losses))))
        self.step_losses.clear()


class GradNormMonitor(Callback):
    def __init__(self, threshold=10.0):
        self.threshold = threshold
        self.norms = []

    def on_step_end(self, step, logs):
        self.norms.append(logs["grad_norm"])

    def on_epoch_end(self, epoch):
        worst = jnp.max(jnp.stack(self.norms))
        self.norms.clear()
        if worst > self.threshold:
            print(f"epoch {epoch}: gradient norm spiked to {float(worst):.2f}")


class Net(nnx.Module):
    def __init__(self, din, *, rngs):
        self.l1 = nnx.Linear(din, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.tanh(self.l1(x)))[..., 0]


@dataclasses.dataclass(frozen=True)
class FitConfig:
    din: int = 3
    epochs: int = 2
    lr: float = 0.05


class Trainer:
    def __init__(self, model, cfg: FitConfig, callbacks=()):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(cfg.lr), wrt=nnx.Param)
        self.cfg = cfg
        self.callbacks = list(callbacks)

    def _emit(self, step, logs):
        for cb in self.callbacks:
            cb.on_step_end(step, logs)

    def fit_epoch(self, epoch, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            self._emit(optimizer.step.value, {"loss": loss, "grad_norm": optax.global_norm(grads)})
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        for cb in self.callbacks:
            cb.on_epoch_end(epoch)


def main():
    cfg = FitConfig()
    history = LossHistory()
    trainer = Trainer(Net(cfg.din, rngs=nnx.Rngs(0)), cfg, callbacks=[history, GradNormMonitor()])
    xs = jax.random.normal(jax.random.key(1), (4, 6, cfg.din))
    ys = jnp.sin(xs.sum(-1))
    for epoch in range(cfg.epochs):
        trainer.fit_epoch(epoch, xs, ys)
    print(history.epoch_means)
    return None
