# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 Trainer -> self.bundle, a TrainBundle holding the NNX classifier and its nnx.Optimizer; the scan body takes nnx.value_and_grad of bundle.model and calls bundle.optimizer.update
"""Legal document triage: fine-tune a small clause classifier over a stream of labelled batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class ClauseClassifier(nnx.Module):
    def __init__(self, features, classes, *, rngs):
        self.encoder = nnx.Linear(features, 16, rngs=rngs)
        self.head = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, docs):
        return self.head(nnx.gelu(self.encoder(docs)))


@dataclasses.dataclass
class TrainBundle:
    model: ClauseClassifier
    optimizer: nnx.Optimizer


def cross_entropy(model, docs, labels):
    logits = model(docs)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


class Trainer:
    def __init__(self, features, classes, learning_rate=1e-2):
        model = ClauseClassifier(features, classes, rngs=nnx.Rngs(0))
        self.bundle = TrainBundle(model, nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param))

    def train_epoch(self, docs, labels):
        def body(step, batch):
            batch_docs, batch_labels = batch
            loss, grads = nnx.value_and_grad(cross_entropy)(self.bundle.model, batch_docs, batch_labels)
            self.bundle.optimizer.update(self.bundle.model, grads)
            return step + 1, loss

        _, losses = scan(body, 0, (docs, labels))
        return losses


def main():
    trainer = Trainer(features=10, classes=3)
    docs = jax.random.normal(jax.random.key(1), (4, 8, 10))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    trainer.train_epoch(docs, labels).block_until_ready()
    return None
