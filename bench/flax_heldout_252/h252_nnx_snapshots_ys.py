# label: ok
# flax-error: none
# class: 4 the scan body merges model and optimizer from the carry and returns nnx.state(model, nnx.Param) as ys; the stacked snapshots are stored in self.snapshots after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class SnapshotTrainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr, momentum=0.9), wrt=nnx.Param)
        self.snapshots = []

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def epoch(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), (loss, nnx.state(model, nnx.Param))

        state, (losses, stacked) = lax.scan(epoch, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        self.snapshots = [jax.tree.map(lambda a: a[i], stacked) for i in range(xs.shape[0])]
        return losses

    def evaluate_snapshots(self, x, y):
        scores = []
        for params in self.snapshots:
            candidate = nnx.clone(self.model)
            nnx.update(candidate, params)
            scores.append(loss_fn(candidate, x, y))
        return jnp.stack(scores)


def main():
    kx, kv = jax.random.split(jax.random.key(0))
    xs = jax.random.uniform(kx, (6, 16, 2), minval=-1, maxval=1)
    ys = jnp.sin(3 * xs[..., :1]) * xs[..., 1:]
    x_val = jax.random.uniform(kv, (32, 2), minval=-1, maxval=1)
    y_val = jnp.sin(3 * x_val[..., :1]) * x_val[..., 1:]
    trainer = SnapshotTrainer(Net(nnx.Rngs(0)))
    losses = trainer.fit(xs, ys)
    scores = trainer.evaluate_snapshots(x_val, y_val)
    jax.block_until_ready((losses, scores))
