# label: ok
# flax-error: none
# class: 3 model.bind(variables) of the scorer cloned into eval mode, held as TriageEvaluator.session
"""Dental imaging triage: scores bite-wing x-ray patches into caries / fracture / normal queues."""
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax

QUEUES = ("caries", "fracture", "normal")


@dataclass(frozen=True)
class TriageConfig:
    features: int = 8
    urgent_threshold: float = 0.6


class ToothScorer(nn.Module):
    cfg: TriageConfig
    train: bool = True

    @nn.compact
    def __call__(self, patches):
        h = nn.Conv(self.cfg.features, (3, 3))(patches)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(h)
        h = nn.relu(h).mean(axis=(1, 2))
        return nn.Dense(len(QUEUES))(h)


class TriageEvaluator:
    def __init__(self, model: ToothScorer, variables):
        self.cfg = model.cfg
        self.session = model.clone(train=False).bind(variables)

    def route(self, clinic_batches):
        def body(queue_counts, patches):
            probs = jax.nn.softmax(self.session(patches))
            urgent = (probs[:, :2].max(-1) > self.cfg.urgent_threshold).sum()
            queue_counts = queue_counts + jax.nn.one_hot(probs.argmax(-1), len(QUEUES)).sum(0)
            return queue_counts, urgent

        counts, urgent = lax.scan(body, jnp.zeros(len(QUEUES)), clinic_batches)
        return dict(zip(QUEUES, counts)), urgent.sum()


def main():
    cfg = TriageConfig()
    model = ToothScorer(cfg)
    clinic_batches = jax.random.uniform(jax.random.key(0), (4, 3, 16, 16, 1))
    variables = model.init(jax.random.key(1), clinic_batches[0])
    evaluator = TriageEvaluator(model, variables)
    evaluator.route(clinic_batches)
