# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_gain" in "/" because collection "hive_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 HiveTrainer's self.model / self.variables are applied inside the scan body with only "batch_stats" mutable, while the registered model also logs into "hive_log"
"""Apiary monitoring: a pass over a season of hive-scale frames to refresh normalisation statistics."""

from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MODEL_REGISTRY: dict[str, Callable[[], nn.Module]] = {}


def register_model(name: str):
    def decorator(cls):
        MODEL_REGISTRY[name] = cls
        return cls

    return decorator


@register_model("hive-gain")
class HiveGainNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, frame, train: bool = True):
        h = nn.Dense(self.hidden)(frame)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        gain = nn.Dense(1)(nn.relu(h))[..., 0]
        last = self.variable("hive_log", "last_gain", jnp.zeros, gain.shape)
        if not self.is_initializing():
            last.value = gain
        return gain


class HiveTrainer:
    def __init__(self, model_name: str, sample_frame, seed: int = 0):
        self.model = MODEL_REGISTRY[model_name]()
        self.variables = self.model.init(jax.random.key(seed), sample_frame)

    def season_pass(self, frames):
        def body(stats, frame):
            gain, updates = self.model.apply(
                {**self.variables, "batch_stats": stats}, frame, mutable=["batch_stats"])
            return updates["batch_stats"], gain.mean()

        stats, mean_gain = lax.scan(body, self.variables["batch_stats"], frames)
        self.variables = {**self.variables, "batch_stats": stats}
        return mean_gain


def main():
    frames = jax.random.normal(jax.random.key(2), (14, 6, 4))  # days x hives x sensors
    trainer = HiveTrainer("hive-gain", frames[0])
    trainer.season_pass(frames)
    return None
