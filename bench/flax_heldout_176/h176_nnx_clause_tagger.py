# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 6 (24 B)
# class: 3 the trainer keeps the tagger and its nnx.Optimizer as attributes; the scan body takes nnx.value_and_grad of self.model and calls self.optimizer.update
"""Legal contract clause tagger: training loop.

Each contract is a batch of sentence embeddings with a clause-type label per sentence
(indemnity, termination, governing law, ...). The trainer runs one epoch as a single scan.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ClauseTagger(nnx.Module):
    def __init__(self, dim, clause_types, rngs):
        self.encoder = nnx.Linear(dim, 32, rngs=rngs)
        self.classifier = nnx.Linear(32, clause_types, rngs=rngs)

    def __call__(self, sentences):
        return self.classifier(nnx.gelu(self.encoder(sentences)))


def cross_entropy(model, sentences, labels):
    logits = model(sentences)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


class Trainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)
        self.history = []

    def fit_epoch(self, sentences, labels):
        def body(_, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(cross_entropy)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return None, loss

        _, losses = jax.lax.scan(body, None, (sentences, labels))
        self.history.append(losses.mean())
        return losses


def main():
    model = ClauseTagger(24, 6, nnx.Rngs(0))
    sentences = jax.random.normal(jax.random.key(1), (8, 10, 24))
    labels = jax.random.randint(jax.random.key(2), (8, 10), 0, 6)
    Trainer(model, 1e-3).fit_epoch(sentences, labels)
    return None
