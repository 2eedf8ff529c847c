# label: ok
# flax-error: none
# class: 5 a registered step factory returns a step function closing over model.bind(variables), run in the scan body in eval mode (running statistics only)
"""Hive-health monitoring jobs: scoring steps are looked up by task name in a decorator registry."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

STEP_FACTORIES = {}


def register_step(task: str):
    def decorator(factory):
        STEP_FACTORIES[task] = factory
        return factory

    return decorator


class HiveNet(nn.Module):
    num_states: int = 3

    @nn.compact
    def __call__(self, spectrum, train: bool):
        h = nn.Dense(24)(spectrum)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.num_states)(nn.gelu(h))


@dataclasses.dataclass(frozen=True)
class JobConfig:
    task: str = "hive_health"
    adapt_statistics: bool = False  # keep the statistics from training


@register_step("hive_health")
def make_health_step(model: nn.Module, variables, train: bool):
    bound = model.bind(variables)

    def step(alarms, clip):
        probs = jax.nn.softmax(bound(clip, train=train))
        swarming = probs[:, 2].mean()
        return alarms + (swarming > 0.5), probs

    return step


class MonitoringJob:
    def __init__(self, config: JobConfig, model: nn.Module, variables):
        factory = STEP_FACTORIES[config.task]
        self.step = factory(model, variables, train=config.adapt_statistics)

    def run(self, clips):
        alarms, probs = lax.scan(self.step, jnp.zeros((), jnp.int32), clips)
        return alarms, probs


def main():
    clips = jax.random.normal(jax.random.key(4), (6, 5, 32))
    model = HiveNet()
    variables = model.init(jax.random.key(0), clips[0], train=False)
    job = MonitoringJob(JobConfig(), model, variables)
    alarms, probs = job.run(clips)
    print("swarming alarms", int(alarms), probs.shape)
    return None
