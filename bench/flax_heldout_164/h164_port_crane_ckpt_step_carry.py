# label: ok
# flax-error: none
# class: 5 make_refresh_step() returns a jax.checkpoint step taking and returning batch_stats, carried through the fori_loop
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


def make_refresh_step(model, params):
    @jax.checkpoint
    def refresh(batch_stats, snapshot):
        variables = {"params": params, "batch_stats": batch_stats}
        dwell, updates = model.apply(variables, snapshot, train=True, mutable=["batch_stats"])
        return updates["batch_stats"], dwell.mean()

    return refresh


class CraneScheduler:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = {"batch_stats": variables["batch_stats"]}

    def night_shift(self, snapshots):
        refresh = make_refresh_step(self.model, self.params)

        def body(i, carry):
            batch_stats, total = carry
            batch_stats, dwell = refresh(batch_stats, snapshots[i])
            return batch_stats, total + dwell

        init = (self.stats["batch_stats"], jnp.zeros(()))
        batch_stats, total = jax.lax.fori_loop(0, snapshots.shape[0], body, init)
        self.stats["batch_stats"] = batch_stats
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
