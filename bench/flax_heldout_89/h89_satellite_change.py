# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the batch scheduler binds the detector with model.bind(..., mutable=["batch_stats"]) and the scan body calls the bound module
"""Satellite-imagery change detection: a batch scheduler adapts BatchNorm statistics to a new sensor."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ChangeDetector(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, before, after):
        x = jnp.concatenate([before, after, after - before], axis=-1)
        x = nn.Conv(self.features, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=False)(x)
        x = nn.relu(x)
        return nn.Conv(1, (1, 1))(x)[..., 0]


class SensorAdaptationJob:
    def __init__(self, detector, variables):
        self.detector = detector
        self.bound = detector.bind(variables, mutable=["batch_stats"])

    def adapt(self, tiles_before, tiles_after):
        def body(changed_px, pair):
            before, after = pair
            change_map = self.bound(before, after)
            return changed_px + jnp.sum(change_map > 0), None

        changed, _ = scan(body, jnp.int32(0), (tiles_before, tiles_after))
        return changed

    def export(self):
        return jax.tree_util.tree_map(lambda a: a * 1.0, self.bound.variables["batch_stats"])


class BatchScheduler:
    def __init__(self):
        self.jobs = []

    def submit(self, job, *args):
        self.jobs.append((job, args))

    def run_all(self):
        results = []
        for job, args in self.jobs:
            job.adapt(*args)
            results.append(job.export())
        return results


def main():
    detector = ChangeDetector()
    before = jax.random.uniform(jax.random.key(0), (3, 2, 16, 16, 4))
    after = before + 0.1 * jax.random.normal(jax.random.key(1), before.shape)
    variables = detector.init(jax.random.key(2), before[0], after[0])
    scheduler = BatchScheduler()
    scheduler.submit(SensorAdaptationJob(detector, variables), before, after)
    jax.block_until_ready(scheduler.run_all())
    return None
