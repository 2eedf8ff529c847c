# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a BestStateKeeper callback stores nnx.state(model) of the merged model from inside the scan body; nnx.update applies it after the loop
"""Fine-tuning loop with a 'keep best weights' callback (split/merge inside the scan)."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


class BestStateKeeper:
    def __init__(self):
        self.best_state = None

    def __call__(self, model, loss):
        self.best_state = nnx.state(model, nnx.Param)


class FineTuner:
    def __init__(self, model, callbacks, lr=0.1):
        self.model = model
        self.callbacks = callbacks
        self.lr = lr

    def run(self, xs, ys):
        graphdef, state = nnx.split(self.model)

        def step(state, batch):
            model = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            for cb in self.callbacks:
                cb(model, loss)
            return nnx.state(model), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        nnx.update(self.model, state)
        return losses


def main():
    model = Regressor(nnx.Rngs(0))
    keeper = BestStateKeeper()
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    FineTuner(model, [keeper]).run(xs, ys)
    nnx.update(model, keeper.best_state)
    model(xs[0]).block_until_ready()
    return None
