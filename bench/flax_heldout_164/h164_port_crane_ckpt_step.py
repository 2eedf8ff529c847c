# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_refresh_step() returns a jax.checkpoint step that writes batch_stats into the scheduler's stats sink from the fori_loop body
"""Container terminal: a crane dwell-time model refreshes its normaliser on each yard snapshot.

The scheduler asks a factory for a rematerialised refresh step and runs the snapshots of
the night shift through jax.lax.fori_loop; afterwards it predicts with the refreshed stats.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DwellTimeModel(nn.Module):
    @nn.compact
    def __call__(self, yard, train: bool = False):
        h = nn.Dense(16)(yard)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


def make_refresh_step(model, params, stats_sink):
    @jax.checkpoint
    def refresh(snapshot):
        variables = {"params": params, "batch_stats": stats_sink["batch_stats"]}
        dwell, updates = model.apply(variables, snapshot, train=True, mutable=["batch_stats"])
        stats_sink["batch_stats"] = updates["batch_stats"]
        return dwell.mean()

    return refresh


class CraneScheduler:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = {"batch_stats": variables["batch_stats"]}

    def night_shift(self, snapshots):
        refresh = make_refresh_step(self.model, self.params, self.stats)

        def body(i, total):
            return total + refresh(snapshots[i])

        total = jax.lax.fori_loop(0, snapshots.shape[0], body, jnp.zeros(()))
        return total / snapshots.shape[0]

    def predict(self, yard):
        variables = {"params": self.params, "batch_stats": self.stats["batch_stats"]}
        return self.model.apply(variables, yard)


def main():
    model = DwellTimeModel()
    snapshots = jax.random.normal(jax.random.key(4), (6, 10, 5))
    variables = model.init(jax.random.key(0), snapshots[0])
    scheduler = CraneScheduler(model, variables)
    mean_dwell = scheduler.night_shift(snapshots)
    forecast = scheduler.predict(snapshots[-1])
    print("mean dwell", mean_dwell, "next", forecast[:3])
    return None
