# label: ok
# flax-error: none
# class: 4 Trainer -> self.bundle, a TrainBundle holding the NNX classifier and its nnx.Optimizer; train_epoch splits both, the scan carries their state, the body merges them, and nnx.update writes the result back
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
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def body(train_state, batch):
            batch_docs, batch_labels = batch
            model, optimizer = nnx.merge(graphdef, train_state)
            loss, grads = nnx.value_and_grad(cross_entropy)(model, batch_docs, batch_labels)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = scan(body, state, (docs, labels))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        return losses


def main():
    trainer = Trainer(features=10, classes=3)
    docs = jax.random.normal(jax.random.key(1), (4, 8, 10))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    trainer.train_epoch(docs, labels).block_until_ready()
    trainer.bundle.optimizer.step[...].block_until_ready()
    return None
