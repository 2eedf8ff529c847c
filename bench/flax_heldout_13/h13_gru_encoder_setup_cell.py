# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a GRUCell defined in setup whose first call (creating its params during init) is in a lax.scan body
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


class SeqClassifier(nn.Module):
    vocab_size: int
    hidden: int
    num_classes: int

    def setup(self):
        self.embedding = nn.Embed(self.vocab_size, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.classifier = nn.Dense(self.num_classes)

    def encode(self, embedded):
        def body(carry, x_t):
            carry, _ = self.cell(carry, x_t)
            return carry, None

        carry0 = jnp.zeros((embedded.shape[0], self.hidden))
        final, _ = jax.lax.scan(body, carry0, jnp.swapaxes(embedded, 0, 1))
        return final

    def __call__(self, tokens):
        return self.classifier(self.encode(self.embedding(tokens)))


def cross_entropy(logits, labels):
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, logits.shape[-1]), -1))


def make_batch(shape: Sequence[int]):
    tokens = jax.random.randint(jax.random.key(1), shape, 0, 30)
    return tokens, tokens[:, 0] % 3


def main():
    model = SeqClassifier(vocab_size=30, hidden=8, num_classes=3)
    tokens, labels = make_batch((4, 6))
    variables = model.init(jax.random.key(0), tokens)
    variables = jax.tree.map(lambda a: a + 0, variables)
    loss = cross_entropy(model.apply(variables, tokens), labels)
    float(loss)
    return None
