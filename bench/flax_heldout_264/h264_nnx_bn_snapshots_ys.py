# label: ok
# flax-error: none
# class: 3 the scan body in Trainer.fit merges the model from the carry; its BatchStat state leaves as the scan's ys, kept in `self.snapshots`, and the last step's statistics are put into `self.model` after the loop
"""Train a BatchNorm regressor over minibatches, keeping the running statistics of every step."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.lin = nnx.Linear(din, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.8, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.bn(self.lin(x))))


class Trainer:
    def __init__(self, model, lr=0.05):
        self.model = model
        self.lr = lr
        self.snapshots = None

    def fit(self, xs, ys):
        graphdef, params, stats = nnx.split(self.model, nnx.Param, nnx.BatchStat)

        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        def step(carry, batch):
            model = nnx.merge(graphdef, *carry)
            loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
            params, stats = nnx.state(model, nnx.Param, nnx.BatchStat)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return (params, stats), (loss, stats)

        (params, _), (losses, snapshots) = jax.lax.scan(step, (params, stats), (xs, ys))
        self.snapshots = snapshots
        nnx.update(self.model, params, jax.tree.map(lambda a: a[-1], snapshots))
        return losses


def main():
    model = Regressor(3, 8, nnx.Rngs(0))
    xs = jnp.linspace(-1.0, 1.0, 4 * 6 * 3).reshape(4, 6, 3)
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    trainer = Trainer(model)
    losses = trainer.fit(xs, ys)
    model.eval()
    preds = model(xs[0])
    jax.block_until_ready((losses, preds))
    return None
