# label: ok
# flax-error: none
# class: 4 EtaTrainer.run -> Pipeline.stages -> ModelStage.apply_fn; batch_stats threaded through the scan carry
"""Freight ETA refresh: a stage pipeline built from config names, run over daily shipment batches."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EtaConfig:
    stages: tuple = ("normalize", "model", "clip")
    distance_scale: float = 500.0
    max_hours: float = 96.0


class EtaNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.BatchNorm(use_running_average=False, momentum=0.9)(x)
        x = nn.relu(nn.Dense(16)(x))
        return nn.softplus(nn.Dense(1)(x)).squeeze(-1) * 24.0


class NormalizeStage:
    def __init__(self, ctx):
        self.scale = ctx["config"].distance_scale

    def __call__(self, x, stats):
        return x / self.scale, stats


class ModelStage:
    def __init__(self, ctx):
        self.params = ctx["variables"]["params"]
        self.initial_stats = ctx["variables"]["batch_stats"]
        self.apply_fn = functools.partial(ctx["model"].apply, mutable=["batch_stats"])

    def __call__(self, x, stats):
        hours, updates = self.apply_fn({"params": self.params, "batch_stats": stats}, x)
        return hours, updates["batch_stats"]


class ClipStage:
    def __init__(self, ctx):
        self.max_hours = ctx["config"].max_hours

    def __call__(self, hours, stats):
        return jnp.clip(hours, 0.0, self.max_hours), stats


STAGES = {"normalize": NormalizeStage, "model": ModelStage, "clip": ClipStage}


class Pipeline:
    def __init__(self, ctx):
        self.stages = [STAGES[name](ctx) for name in ctx["config"].stages]

    def __call__(self, x, stats):
        for stage in self.stages:
            x, stats = stage(x, stats)
        return x, stats

    def stage(self, kind):
        return next(s for s in self.stages if isinstance(s, kind))


class EtaTrainer:
    def __init__(self, pipeline):
        self.pipeline = pipeline

    def run(self, daily_batches):
        def refresh(carry, batch):
            total, stats = carry
            eta, stats = self.pipeline(batch, stats)
            return (total + eta.mean(), stats), eta

        init = (jnp.zeros(()), self.pipeline.stage(ModelStage).initial_stats)
        (total, stats), _ = jax.lax.scan(refresh, init, daily_batches)
        return total, jax.tree.map(lambda a: jnp.round(a, 3), stats)


def main():
    config = EtaConfig()
    model = EtaNet()
    batches = jax.random.uniform(jax.random.key(1), (5, 12, 4), maxval=800.0)
    variables = model.init(jax.random.key(0), batches[0] / config.distance_scale)
    pipeline = Pipeline({"config": config, "model": model, "variables": variables})
    total, stats = EtaTrainer(pipeline).run(batches)
    print("mean eta sum", float(total), jax.tree.map(jnp.shape, stats))
    return None
