# label: ok
# flax-error: none
# class: 4 the base forecaster's scan body applies self.model with batch_stats taken from the carry and passes the updates through an on_step hook that the garage subclass overrides; the final stats are stored after the scan
"""Parking garage occupancy: rolls an hourly forecaster forward over the day.

The base class owns the rollout loop (template method); subclasses customise the per-step
hook. The adaptive garage forecaster keeps the running statistics it sees during the rollout
so that the next day's forecast starts from the adapted normalisation."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class OccupancyNet(nn.Module):
    n_levels: int

    @nn.compact
    def __call__(self, occ, hour_feats):
        h = nn.Dense(16)(jnp.concatenate([occ, hour_feats], -1))
        h = nn.BatchNorm(use_running_average=False, momentum=0.8)(h)
        return nn.sigmoid(nn.Dense(self.n_levels)(nn.relu(h)))


class OccupancyForecaster:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def on_step(self, stats, updates):
        """Hook for subclasses; returns the batch_stats to carry into the next hour."""
        return stats

    def rollout(self, occ0, hour_feats):
        def hour(carry, feats):
            occ, stats = carry
            occ_next, updates = self.model.apply(
                {**self.variables, "batch_stats": stats}, occ, feats, mutable=["batch_stats"]
            )
            return (occ_next, self.on_step(stats, updates)), occ_next

        (_, stats), path = lax.scan(hour, (occ0, self.variables["batch_stats"]), hour_feats)
        self.variables = {**self.variables, "batch_stats": stats}
        return path


class AdaptiveGarageForecaster(OccupancyForecaster):
    def on_step(self, stats, updates):
        return updates["batch_stats"]


def main():
    n_garages, n_levels = 3, 5
    occ0 = jnp.full((n_garages, n_levels), 0.2)
    hours = jnp.arange(24, dtype=jnp.float32)
    hour_feats = jnp.stack([jnp.sin(hours / 24 * 2 * jnp.pi), jnp.cos(hours / 24 * 2 * jnp.pi)], -1)
    hour_feats = jnp.broadcast_to(hour_feats[:, None, :], (24, n_garages, 2))
    model = OccupancyNet(n_levels)
    variables = model.init(jax.random.key(0), occ0, hour_feats[0])
    forecaster = AdaptiveGarageForecaster(model, variables)
    forecaster.rollout(occ0, hour_feats)  # today
    tomorrow = forecaster.rollout(occ0, hour_feats)
    float(tomorrow.max())
    return None
