# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a registry-built pipeline stage wraps functools.partial(model.apply, variables) with train=True from its config and is called in a raw lax.scan
"""Content-moderation pipeline: stages are registered by name, built from a config, and the
pipeline sweeps a queue of embedded posts through each stage."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

STAGE_REGISTRY = {}


def register_stage(name):
    def wrap(cls):
        STAGE_REGISTRY[name] = cls
        return cls
    return wrap


class SpamHead(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(24)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(2)(nn.relu(h))


@dataclasses.dataclass
class StageConfig:
    name: str
    train: bool = True  # left at the fine-tuning default
    threshold: float = 0.7


@register_stage('spam')
class SpamStage:
    def __init__(self, config: StageConfig, variables):
        self.config = config
        self.forward = functools.partial(SpamHead().apply, variables, train=config.train)

    def __call__(self, batch):
        probs = jax.nn.softmax(self.forward(batch))[:, 1]
        return (probs > self.config.threshold).sum()


class ModerationPipeline:
    def __init__(self, stages):
        self.stages = stages

    def run(self, queue):
        def sweep(flagged, batch):
            for stage in self.stages:
                flagged = flagged + stage(batch)
            return flagged, None

        flagged, _ = jax.lax.scan(sweep, jnp.zeros((), jnp.int32), queue)
        return flagged


def build_pipeline(configs, checkpoint):
    return ModerationPipeline([STAGE_REGISTRY[c.name](c, checkpoint[c.name]) for c in configs])


def main():
    x = jnp.ones((4, 16))
    checkpoint = {'spam': SpamHead().init(jax.random.key(0), x, train=False)}
    pipeline = build_pipeline([StageConfig('spam')], checkpoint)
    queue = jax.random.normal(jax.random.key(1), (5, 4, 16))
    jax.block_until_ready(pipeline.run(queue))
    return None
