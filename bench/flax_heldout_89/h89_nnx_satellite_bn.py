# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the batch scheduler reaches the detector through a job object; the while_loop body calls the detector while it is in train mode (BatchNorm updates)
"""Satellite-imagery change detection (NNX): a batch scheduler screens tiles until the change budget is spent."""
import jax
import jax.numpy as jnp
from flax import nnx


class ChangeDetector(nnx.Module):
    def __init__(self, bands, rngs: nnx.Rngs):
        self.conv = nnx.Conv(3 * bands, 8, kernel_size=(3, 3), rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Conv(8, 1, kernel_size=(1, 1), rngs=rngs)

    def __call__(self, before, after):
        x = jnp.concatenate([before, after, after - before], axis=-1)
        return self.head(nnx.relu(self.norm(self.conv(x))))[..., 0]


class ScreeningJob:
    def __init__(self, detector, budget_px):
        self.detector = detector
        self.budget_px = budget_px


class BatchScheduler:
    def run(self, job: ScreeningJob, before, after):
        n = before.shape[0]

        def cond(state):
            i, changed = state
            return (i < n) & (changed < job.budget_px)

        def body(state):
            i, changed = state
            change_map = job.detector(before[i], after[i])
            return i + 1, changed + jnp.sum(change_map > 0)

        return jax.lax.while_loop(cond, body, (0, jnp.int32(0)))


def main():
    before = jax.random.uniform(jax.random.key(0), (4, 2, 16, 16, 4))
    after = before + 0.1 * jax.random.normal(jax.random.key(1), before.shape)
    job = ScreeningJob(ChangeDetector(4, nnx.Rngs(2)), budget_px=500)
    jax.block_until_ready(BatchScheduler().run(job, before, after))
    return None
