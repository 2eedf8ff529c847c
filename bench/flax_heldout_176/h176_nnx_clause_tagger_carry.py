# label: ok
# flax-error: none
# class: 3 the trainer keeps the tagger and its nnx.Optimizer as attributes; they are split before the scan, their state is carried, and the body merges them, takes the gradient and updates
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(cross_entropy)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (sentences, labels))
        nnx.update((self.model, self.optimizer), state)
        self.history.append(losses.mean())
        return losses


def main():
    model = ClauseTagger(24, 6, nnx.Rngs(0))
    sentences = jax.random.normal(jax.random.key(1), (8, 10, 24))
    labels = jax.random.randint(jax.random.key(2), (8, 10), 0, 6)
    Trainer(model, 1e-3).fit_epoch(sentences, labels)
    return None
