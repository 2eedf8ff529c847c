# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the BatchNorm stats reach the scan body through an nn.remat-wrapped GradingBlock built in LogGrader.setup from the pipeline's train flag
"""Sawmill log grading: grade each log from the scanner segments along its length, with a
rematerialised feature block to keep the per-segment activations small."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GradingBlock(nn.Module):
    train: bool

    @nn.compact
    def __call__(self, segment):
        h = nn.Dense(16)(segment)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        return nn.relu(h)


class LogGrader(nn.Module):
    train: bool = False
    grades: int = 3

    def setup(self):
        self.block = nn.remat(GradingBlock)(train=self.train)
        self.head = nn.Dense(self.grades)

    def grade_segment(self, segment):
        return self.head(self.block(segment))

    def __call__(self, segments):
        def body(acc, segment):
            return acc + self.grade_segment(segment), None

        acc, _ = scan(body, jnp.zeros(segments.shape[1:-1] + (self.grades,)), segments)
        return jax.nn.softmax(acc / segments.shape[0])


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
    train: bool = True  # the grader is still being fine-tuned on the line


class GradingPipeline:
    def __init__(self, cfg: PipelineConfig, variables):
        self.grader = LogGrader(train=cfg.train)
        self.variables = variables

    def grade(self, segments):
        return self.grader.apply(self.variables, segments)


def main():
    segments = jax.random.normal(jax.random.key(0), (9, 12, 10))  # segments x logs x scan features
    variables = LogGrader().init(jax.random.key(1), segments[0], method=LogGrader.grade_segment)
    pipeline = GradingPipeline(PipelineConfig(), variables)
    jax.block_until_ready(pipeline.grade(segments))
    return None
