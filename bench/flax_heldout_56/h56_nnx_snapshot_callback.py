# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a CheckpointCallback stores nnx.state(model) from inside a raw scan training body (model split/merged through the carry) and restores it with nnx.update after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class CheckpointCallback:
    def __init__(self):
        self.snapshot = None

    def on_step(self, model, loss):
        self.snapshot = nnx.state(model, nnx.Param)

    def restore(self, model):
        nnx.update(model, self.snapshot)


class Trainer:
    def __init__(self, model, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = Regressor(nnx.Rngs(0))
    ckpt = CheckpointCallback()
    trainer = Trainer(model, [ckpt])
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    trainer.fit(xs, jnp.zeros((4, 8, 1)))
    ckpt.restore(model)
    model(jnp.ones((1, 3)))
    return None
