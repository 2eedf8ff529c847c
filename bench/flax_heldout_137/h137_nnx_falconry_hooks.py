# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_train_step returns a step function that merges (model, optimizer) inside lax.scan and hands the model to hooks; a SnapshotHook keeps nnx.state(model) from the body and the trainer nnx.update's the model from it after the loop
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

    def __call__(self, step_loss, model):
        self.snapshot = nnx.state(model)


class LossLogHook:
    def __call__(self, step_loss, model):
        jax.debug.callback(lambda loss: None, step_loss)


def make_train_step(graphdef, hooks):
    def loss_fn(model, telemetry, seconds):
        return jnp.mean((model(telemetry) - seconds) ** 2)

    def step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
        optimizer.update(model, grads)
        for hook in hooks:
            hook(loss, model)
        return nnx.state((model, optimizer)), loss

    return step


class FlightTrainer:
    def __init__(self, model, hooks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.hooks = hooks

    def fit(self, telemetry, seconds):
        graphdef, state = nnx.split((self.model, self.optimizer))
        step = make_train_step(graphdef, self.hooks)
        _, losses = scan(step, state, (telemetry, seconds))
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
