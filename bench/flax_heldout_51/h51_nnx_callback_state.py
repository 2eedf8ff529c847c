# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the model and passes it to a LastStateCallback that snapshots nnx.state(model) on itself; the trainer restores it after the loop
"""NNX trainer with callbacks: the epoch is a jax.lax.scan over a split (model, optimizer);
a LastStateCallback snapshots the model state at every step so that on_train_end can restore
the last good weights into the live model and run a final evaluation."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Callback:
    def on_step_end(self, step_model):
        pass

    def on_train_end(self, model, x_val):
        pass


class LastStateCallback(Callback):
    def __init__(self):
        self.snapshot = None

    def on_step_end(self, step_model):
        self.snapshot = nnx.state(step_model, nnx.Param)

    def on_train_end(self, model, x_val):
        nnx.update(model, self.snapshot)
        self.final_output = model(x_val).mean()


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, model, tx, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            m, opt = nnx.merge(graphdef, state)
            x, y = batch
            grads = nnx.grad(lambda mm: jnp.mean((mm(x) - y) ** 2))(m)
            opt.update(m, grads)
            for cb in self.callbacks:
                cb.on_step_end(m)
            return nnx.state((m, opt)), None

        state, _ = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        for cb in self.callbacks:
            cb.on_train_end(self.model, xs[0])


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 6, 4))
    ys = xs.sum(-1, keepdims=True)
    Trainer(Net(nnx.Rngs(1)), optax.adam(1e-2), [LastStateCallback()]).fit(xs, ys)
