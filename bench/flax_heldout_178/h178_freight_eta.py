# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 EtaTrainer.run -> Pipeline.stages -> ModelStage.bound (model.bind(..., mutable=["batch_stats"])) called in the scan body
"""Freight ETA refresh: a stage pipeline built from config names, run over daily shipment batches."""
import dataclasses

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

    def __call__(self, x):
        return x / self.scale


class ModelStage:
    def __init__(self, ctx):
        self.bound = ctx["model"].bind(ctx["variables"], mutable=["batch_stats"])

    def __call__(self, x):
        return self.bound(x)

    def export(self):
        return self.bound.variables["batch_stats"]


class ClipStage:
    def __init__(self, ctx):
        self.max_hours = ctx["config"].max_hours

    def __call__(self, hours):
        return jnp.clip(hours, 0.0, self.max_hours)


STAGES = {"normalize": NormalizeStage, "model": ModelStage, "clip": ClipStage}


class Pipeline:
    def __init__(self, ctx):
        self.stages = [STAGES[name](ctx) for name in ctx["config"].stages]

    def __call__(self, x):
        for stage in self.stages:
            x = stage(x)
        return x

    def stage(self, kind):
        return next(s for s in self.stages if isinstance(s, kind))


class EtaTrainer:
    def __init__(self, pipeline):
        self.pipeline = pipeline

    def run(self, daily_batches):
        def refresh(total, batch):
            eta = self.pipeline(batch)
            return total + eta.mean(), eta

        total, _ = jax.lax.scan(refresh, jnp.zeros(()), daily_batches)
        stats = self.pipeline.stage(ModelStage).export()
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
