# label: ok
# flax-error: none
# class: 3 the scan body reads self.model and self.params from the Trainer; the batch_stats travel in the carry through apply(..., mutable=['batch_stats'])
"""Recalibrating BatchNorm statistics after averaging weights (SWA-style).

The Trainer refreshes the running statistics by pushing the training batches through the
model in train mode inside a lax.scan, carrying the 'batch_stats' collection returned by
apply(..., mutable=['batch_stats']); evaluation then uses the refreshed statistics.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def recalibrate(self, batches):
        def body(batch_stats, xb):
            logits, updates = self.model.apply(
                {"params": self.params, "batch_stats": batch_stats}, xb, train=True, mutable=["batch_stats"]
            )
            return updates["batch_stats"], logits.mean()

        batch_stats, _ = jax.lax.scan(body, self.batch_stats, batches)
        return batch_stats

    def evaluate(self, batch_stats, x):
        return self.model.apply({"params": self.params, "batch_stats": batch_stats}, x, train=False)


def main():
    model = MLP()
    x = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 5))
    variables = model.init(jax.random.PRNGKey(1), x[0], train=False)
    trainer = Trainer(model, variables)
    batch_stats = trainer.recalibrate(x)
    logits = trainer.evaluate(batch_stats, x[0])
    print("eval logits", logits.shape, float(logits.mean()))
    return None
