# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns the scan step that merges the model and nnx.Optimizer from the carried state; the step calls every hook of the trainer's callback list, and the gradient-norm hook stores the traced norm on itself
"""Subscriber-churn model for a telecom analytics platform: a small trainer with a callback
list (gradient-norm monitor, loss history) that reports at the end of each epoch."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
import optax

FEATURES = 11


class ChurnModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(FEATURES, 24, rngs=rngs)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))[..., 0]


class GradNormMonitor:
    def __init__(self):
        self.norms = []

    def on_step(self, loss, grads):
        self.norms.append(optax.global_norm(grads))

    def on_epoch_end(self):
        return float(jnp.max(jnp.stack(self.norms)))


def make_train_step(graphdef, callbacks):
    def step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)

        def loss_fn(m):
            return optax.sigmoid_binary_cross_entropy(m(x), y).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        for cb in callbacks:
            cb.on_step(loss, grads)
        return nnx.state((model, optimizer)), loss
    return step


class ChurnTrainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
        self.callbacks = callbacks

    def epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))
        step = make_train_step(graphdef, self.callbacks)
        state, losses = lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return [cb.on_epoch_end() for cb in self.callbacks]


def main():
    trainer = ChurnTrainer(ChurnModel(nnx.Rngs(0)), callbacks=[GradNormMonitor()])
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 32, FEATURES))
    ys = (jax.random.uniform(jax.random.PRNGKey(2), (6, 32)) > 0.7).astype(jnp.float32)
    trainer.epoch(xs, ys)
    return None
