# label: ok
# flax-error: none
# class: 5 make_train_step returns a step function that merges (model, optimizer) inside lax.scan and emits nnx.state(model) as per-step ys; the hooks see the last one after the loop and the trainer nnx.update's the model from the SnapshotHook
"""Falconry mews: fit a return-time predictor from hawk flight telemetry, with training hooks."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class ReturnTimeModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, telemetry):
        return self.head(nnx.tanh(self.norm(self.body(telemetry))))[..., 0]


class SnapshotHook:
    def __init__(self):
        self.snapshot = None

    def __call__(self, step_loss, model_state):
        self.snapshot = model_state


class LossLogHook:
    def __call__(self, step_loss, model_state):
        jax.debug.callback(lambda loss: None, step_loss)


def make_train_step(graphdef):
    def loss_fn(model, telemetry, seconds):
        return jnp.mean((model(telemetry) - seconds) ** 2)

    def step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), (loss, nnx.state(model))

    return step


class FlightTrainer:
    def __init__(self, model, hooks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.hooks = hooks

    def fit(self, telemetry, seconds):
        graphdef, state = nnx.split((self.model, self.optimizer))
        step = make_train_step(graphdef)
        _, (losses, model_states) = scan(step, state, (telemetry, seconds))
        last = jax.tree.map(lambda leaf: leaf[-1], model_states)
        for hook in self.hooks:
            hook(losses[-1], last)
        nnx.update(self.model, self.hooks[0].snapshot)
        return losses

    def predict(self, telemetry):
        return self.model(telemetry)


def main():
    telemetry = jax.random.normal(jax.random.key(0), (6, 12, 5))
    seconds = telemetry[..., 0] * 4.0 + 20.0
    trainer = FlightTrainer(ReturnTimeModel(5, nnx.Rngs(0)), [SnapshotHook(), LossLogHook()])
    trainer.fit(telemetry, seconds)
    trainer.predict(telemetry[0]).block_until_ready()
    return None
