# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a GradingService holds the model assembled from a GraderConfig dataclass with nested module fields; the scan body calls self.model, still in train mode, so BatchNorm writes its batch statistics
"""Cheese grading service: an affineur's grading line sends each wheel's texture probe through a
backbone + head model and records the grade. The model is assembled from a config whose fields are
the sub-modules, as the service's model registry builds it."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TextureBackbone(nnx.Module):
    def __init__(self, n_in: int, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_in, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.norm(self.proj(x)))


class GradeHead(nnx.Module):
    def __init__(self, width: int, n_grades: int, rngs: nnx.Rngs):
        self.out = nnx.Linear(width, n_grades, rngs=rngs)

    def __call__(self, h):
        return self.out(h)


@dataclasses.dataclass
class GraderConfig:
    backbone: TextureBackbone
    head: GradeHead


class Grader(nnx.Module):
    def __init__(self, config: GraderConfig):
        self.backbone = config.backbone
        self.head = config.head

    def __call__(self, probes):
        return self.head(self.backbone(probes))


class GradingService:
    def __init__(self, config: GraderConfig):
        self.model = Grader(config)

    def grade_line(self, line):
        def grade(counts, probes):
            grades = jnp.argmax(self.model(probes), axis=-1)
            return counts + jnp.bincount(grades, length=4), grades

        return scan(grade, jnp.zeros((4,), jnp.int32), line)


def main():
    rngs = nnx.Rngs(0)
    config = GraderConfig(TextureBackbone(6, 16, rngs), GradeHead(16, 4, rngs))
    service = GradingService(config)
    line = jax.random.normal(jax.random.key(1), (5, 8, 6))  # pallets x wheels x probe channels
    counts, _ = service.grade_line(line)
    print("grade counts", counts)
    return None
