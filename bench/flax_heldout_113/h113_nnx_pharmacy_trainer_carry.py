# label: ok
# flax-error: none
# class: 4 Trainer.fit splits (trainer.model, trainer.optimizer), carries the state through the scan, merges it in the body's _train_step and updates the objects after
"""Pharmacy replenishment: fit the per-SKU demand model on the week's sales before the
overnight order run; the trainer owns the model and its nnx.Optimizer."""
import optax
import jax
import jax.numpy as jnp
from flax import nnx


class DemandModel(nnx.Module):
    def __init__(self, features, skus, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 32, rngs=rngs)
        self.head = nnx.Linear(32, skus, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.body(x))))


def poisson_nll(rate, counts):
    return jnp.mean(rate - counts * jnp.log(rate + 1e-6))


class Trainer:
    def __init__(self, model, learning_rate=3e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def _train_step(self, graphdef, state, x, y):
        model, optimizer = nnx.merge(graphdef, state)

        def loss_fn(model):
            return poisson_nll(model(x), y)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            state, loss = self._train_step(graphdef, state, *batch)
            return state, loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    features, skus, batches = 10, 5, 12
    xs = jax.random.normal(jax.random.key(0), (batches, 16, features))
    ys = jax.random.poisson(jax.random.key(1), 3.0, (batches, 16, skus)).astype(jnp.float32)
    trainer = Trainer(DemandModel(features, skus, rngs=nnx.Rngs(0)))
    losses = trainer.fit(xs, ys)
    print("loss first/last:", losses[0], losses[-1])
    return None
