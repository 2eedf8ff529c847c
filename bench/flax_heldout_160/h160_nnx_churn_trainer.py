# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the ChurnTrainer's scan body calls self._train_step(), which takes nnx.value_and_grad of the trainer's model and updates the trainer's nnx.Optimizer, both created outside the scan
"""Subscriber-churn classifier fine-tuned by an epoch loop written as a scan.

The trainer owns the model, an nnx.Optimizer over its parameters and a loss function.
To keep the epoch loop on device it scans over the stacked mini-batches and performs one
optimiser step per batch, reporting the per-batch losses.
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

    def _train_step(self, batch):
        loss, grads = nnx.value_and_grad(self.loss_fn)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def fit_epoch(self, batches):
        def body(_, batch):
            return None, self._train_step(batch)

        _, losses = lax.scan(body, None, batches)
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
