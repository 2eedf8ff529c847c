# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ActiveLearner.acquisition_scores reaches the lazily created encoder and head params through score_chunk -> self.encoder / self.head inside the scan body
"""Pool-based active learning for a defect-inspection classifier.

The unlabelled pool is scored chunk by chunk; the most uncertain images go to the labelling queue.
"""
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class PatchEncoder(nn.Module):
    widths: Sequence[int] = (32, 16)

    def setup(self):
        self.layers = [nn.Dense(w) for w in self.widths]

    def __call__(self, x):
        for layer in self.layers:
            x = nn.gelu(layer(x))
        return x


class ActiveLearner(nn.Module):
    num_classes: int = 4

    def setup(self):
        self.encoder = PatchEncoder()
        self.head = nn.Dense(self.num_classes)

    def score_chunk(self, chunk):
        probs = jax.nn.softmax(self.head(self.encoder(chunk)), axis=-1)
        return -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1)

    def acquisition_scores(self, pool):
        def body(seen, chunk):
            return seen + chunk.shape[0], self.score_chunk(chunk)

        _, entropy = scan(body, 0, pool)
        return entropy.reshape(-1)


class LabellingQueue:
    def __init__(self, budget: int):
        self.budget = budget
        self.pending = []

    def push(self, indices):
        self.pending.extend(int(i) for i in indices[: self.budget])


class ActiveRound:
    def __init__(self, learner: ActiveLearner, queue: LabellingQueue):
        self.learner = learner
        self.queue = queue
        self.variables = None

    def run(self, pool):
        if self.variables is None:
            self.variables = self.learner.init(
                jax.random.key(0), pool, method=ActiveLearner.acquisition_scores)
        scores = self.learner.apply(self.variables, pool, method=ActiveLearner.acquisition_scores)
        self.queue.push(jnp.argsort(-scores))


def main():
    pool = jax.random.normal(jax.random.key(3), (6, 8, 24))
    round_ = ActiveRound(ActiveLearner(), LabellingQueue(budget=5))
    round_.run(pool)
    return None
