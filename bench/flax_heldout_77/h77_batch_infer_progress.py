# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 config flag leaves BatchNorm in training mode; the bound predictor's apply (no mutable) runs it inside a raw jax.lax.scan over chunks
"""Batch inference job: scores a large array chunk by chunk and reports progress."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class ModelConfig:
    hidden: int = 16
    classes: int = 3
    train: bool = True  # copied from the training config


@dataclass
class JobConfig:
    chunk: int = 8
    model: ModelConfig = field(default_factory=ModelConfig)


class Classifier(nn.Module):
    cfg: ModelConfig

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.cfg.hidden)(x)
        x = nn.BatchNorm(use_running_average=not self.cfg.train, momentum=0.9)(x)
        return nn.Dense(self.cfg.classes)(nn.relu(x))


class Predictor:
    """Wraps model.apply so the job never touches variables directly."""

    def __init__(self, model, variables):
        self._apply = lambda batch: model.apply(variables, batch)

    def __call__(self, batch):
        return self._apply(batch)


class ProgressReporter:
    def __init__(self, total):
        self.total = total
        self.lines = []

    def done(self, n):
        self.lines.append(f"{n}/{self.total} chunks")


class BatchInferenceJob:
    def __init__(self, cfg: JobConfig, predictor: Predictor):
        self.cfg = cfg
        self.predictor = predictor

    def run(self, data):
        chunks = data.reshape(-1, self.cfg.chunk, data.shape[-1])
        reporter = ProgressReporter(chunks.shape[0])

        def score_chunk(count, chunk):
            logits = self.predictor(chunk)
            return count + 1, jnp.argmax(logits, -1)

        count, labels = jax.lax.scan(score_chunk, 0, chunks)
        reporter.done(int(count))
        return labels.reshape(-1)


def main():
    cfg = JobConfig()
    model = Classifier(cfg.model)
    data = jax.random.normal(jax.random.key(0), (32, 5))
    variables = model.init(jax.random.key(1), data[: cfg.chunk])
    job = BatchInferenceJob(cfg, Predictor(model, variables))
    job.run(data)
    return None
