# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 Trainer.fit scans over batches; the body's _train_step takes nnx.value_and_grad of trainer.model and updates trainer.optimizer
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

    def _train_step(self, x, y):
        def loss_fn(model):
            return poisson_nll(model(x), y)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, xs, ys):
        def body(step, batch):
            loss = self._train_step(*batch)
            return step + 1, loss

        _, losses = jax.lax.scan(body, 0, (xs, ys))
        return losses


def main():
    features, skus, batches = 10, 5, 12
    xs = jax.random.normal(jax.random.key(0), (batches, 16, features))
    ys = jax.random.poisson(jax.random.key(1), 3.0, (batches, 16, skus)).astype(jnp.float32)
    trainer = Trainer(DemandModel(features, skus, rngs=nnx.Rngs(0)))
    losses = trainer.fit(xs, ys)
    print("loss first/last:", losses[0], losses[-1])
    return None
