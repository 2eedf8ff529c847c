# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DemandTrainer.callbacks -> SnapshotCallback.on_step gets the model merged inside the scan body and keeps nnx.state(model, nnx.Param) on itself; restore() later nnx.update-s the live model from it
"""EV fleet charging demand (NNX): a trainer with a callback list that snapshots parameters."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class DemandNet(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 24, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


class SnapshotCallback:
    def __init__(self):
        self.snapshot = None

    def on_step(self, model, loss):
        self.snapshot = nnx.state(model, nnx.Param)

    def on_epoch_end(self, model):
        pass


class DemandTrainer:
    def __init__(self, model, callbacks, learning_rate=5e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)
        self.callbacks = callbacks

    def epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(batch[0]) - batch[1]) ** 2))(model)
            optimizer.update(model, grads)
            for callback in self.callbacks:
                callback.on_step(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        for callback in self.callbacks:
            callback.on_epoch_end(self.model)
        return losses


def restore(model, snapshot):
    nnx.update(model, snapshot)
    return model


def main():
    kx, kw = jax.random.split(jax.random.key(8))
    xs = jax.random.normal(kx, (6, 16, 5))
    ys = jnp.tanh(xs @ jax.random.normal(kw, (5,)))
    model = DemandNet(5, rngs=nnx.Rngs(0))
    snapshots = SnapshotCallback()
    DemandTrainer(model, [snapshots]).epoch(xs, ys)
    serving = restore(DemandNet(5, rngs=nnx.Rngs(1)), snapshots.snapshot)
    print(serving(xs[0]).mean())
    return None
