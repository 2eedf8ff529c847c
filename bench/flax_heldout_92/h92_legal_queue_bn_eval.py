# label: ok
# flax-error: none
# class: 3 variables reach the scan body through a BatchJobQueue holding a Scorer whose apply_fn wraps model.apply
"""Legal-document classifier served behind a batch job queue, scored in eval mode with running statistics."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class LegalDocClassifier(nn.Module):
    num_labels: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.num_labels)(x)


@dataclasses.dataclass
class Scorer:
    model: nn.Module
    variables: dict
    train_mode: bool = False  # serving uses the running statistics

    def apply_fn(self, batch):
        return self.model.apply(self.variables, batch, train=self.train_mode)


class BatchJobQueue:
    def __init__(self, scorer: Scorer):
        self.scorer = scorer
        self.jobs = []

    def submit(self, batch):
        self.jobs.append(batch)

    def drain(self):
        stacked = jnp.stack(self.jobs)

        def score_one(carry, batch):
            logits = self.scorer.apply_fn(batch)
            return carry, jnp.argmax(logits, axis=-1)

        _, labels = jax.lax.scan(score_one, None, stacked)
        self.jobs.clear()
        return labels


def main():
    model = LegalDocClassifier()
    feats = jnp.ones((8, 64))
    variables = model.init(jax.random.key(0), feats, train=False)
    queue = BatchJobQueue(Scorer(model, variables))
    for i in range(4):
        queue.submit(feats * (i + 1))
    queue.drain()
    return None
