# label: ok
# flax-error: none
# class: 5 the batch scheduler keeps the detector variables on the job; the scan body applies with mutable=["batch_stats"] and carries the stats
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
        self.variables = variables

    def adapt(self, tiles_before, tiles_after):
        params = self.variables["params"]

        def body(carry, pair):
            changed_px, batch_stats = carry
            before, after = pair
            change_map, updates = self.detector.apply(
                {"params": params, "batch_stats": batch_stats}, before, after, mutable=["batch_stats"])
            return (changed_px + jnp.sum(change_map > 0), updates["batch_stats"]), None

        (changed, batch_stats), _ = scan(body, (jnp.int32(0), self.variables["batch_stats"]),
                                         (tiles_before, tiles_after))
        self.variables = {"params": params, "batch_stats": batch_stats}
        return changed

    def export(self):
        return jax.tree_util.tree_map(lambda a: a * 1.0, self.variables["batch_stats"])


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
