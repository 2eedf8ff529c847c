# label: ok
# flax-error: none
# class: 4 Evaluator.run's raw scan body only reads the eval-mode model and returns loss/logits as ys; self.metrics is updated from them after the loop
"""Evaluation loop for an NNX classifier that accumulates nnx.metrics over a stacked validation set."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, in_dim, classes, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(in_dim, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.dropout(nnx.relu(self.body(x))))


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    in_dim: int = 6
    classes: int = 3
    batches: int = 4
    batch_size: int = 5


def make_metrics():
    return nnx.MultiMetric(
        accuracy=nnx.metrics.Accuracy(),
        loss=nnx.metrics.Average("loss"),
    )


def eval_batch(model, batch):
    logits = model(batch["x"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()
    return loss, logits


class Evaluator:
    def __init__(self, model: nnx.Module):
        self.model = model
        self.metrics = make_metrics()

    def _record(self, loss, logits, labels):
        self.metrics.update(loss=loss, logits=logits, labels=labels)

    def run(self, dataset):
        self.model.eval()
        self.metrics.reset()

        def body(_, batch):
            loss, logits = eval_batch(self.model, batch)
            return None, (loss, logits)

        _, (losses, logits) = lax.scan(body, None, dataset)
        for i in range(losses.shape[0]):
            self._record(losses[i], logits[i], dataset["y"][i])
        return self.metrics.compute()


def main():
    cfg = EvalConfig()
    model = Classifier(cfg.in_dim, cfg.classes, rngs=nnx.Rngs(0))
    key_x, key_y = jax.random.split(jax.random.key(1))
    dataset = {
        "x": jax.random.normal(key_x, (cfg.batches, cfg.batch_size, cfg.in_dim)),
        "y": jax.random.randint(key_y, (cfg.batches, cfg.batch_size), 0, cfg.classes),
    }
    results = Evaluator(model).run(dataset)
    print({k: float(v) for k, v in results.items()})
    return None
