# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Trainer.fit carries split state through a raw scan; the body hands nnx.state(model) to a plain BestCheckpoint callback that keeps it, and it is restored after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class BestCheckpoint:
    def __init__(self):
        self.best_loss = jnp.inf
        self.best_state = None

    def on_step(self, loss, state):
        self.best_loss = jnp.minimum(self.best_loss, loss)
        self.best_state = state


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, callback):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
        self.callback = callback

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
            optimizer.update(model, grads)
            self.callback.on_step(loss, nnx.state(model))
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        nnx.update(self.model, self.callback.best_state)
        return self.model(xs[0])


def main():
    model = Net(rngs=nnx.Rngs(0))
    trainer = Trainer(model, BestCheckpoint())
    xs = jnp.linspace(-1.0, 1.0, 4 * 3 * 2).reshape(4, 3, 2)
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    trainer.fit(xs, ys)
    return None
