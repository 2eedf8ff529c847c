# label: ok
# flax-error: none
# class: 4 the ChurnTrainer splits its model and nnx.Optimizer into graphdef and state before the scan, carries the state, merges it in the body for _train_step, and updates itself after the loop
"""Subscriber-churn classifier fine-tuned by an epoch loop written as a scan.

The trainer owns the model, an nnx.Optimizer over its parameters and a loss function.
To keep the epoch loop on device it scans over the stacked mini-batches; the model and
optimiser travel through the scan as split state and are merged back afterwards.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class ChurnModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x))).squeeze(-1)


def bce_loss(model, batch):
    logits = model(batch["x"])
    return optax.sigmoid_binary_cross_entropy(logits, batch["y"]).mean()


class ChurnTrainer:
    def __init__(self, model: ChurnModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)
        self.loss_fn = bce_loss

    def _train_step(self, model, optimizer, batch):
        loss, grads = nnx.value_and_grad(self.loss_fn)(model, batch)
        optimizer.update(model, grads)
        return loss

    def fit_epoch(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    key_x, key_y = jax.random.split(jax.random.key(0))
    batches = {
        "x": jax.random.normal(key_x, (5, 8, 6)),
        "y": jax.random.bernoulli(key_y, 0.3, (5, 8)).astype(jnp.float32),
    }
    trainer = ChurnTrainer(ChurnModel(6, nnx.Rngs(0)), learning_rate=1e-2)
    trainer.fit_epoch(batches)
    return None
