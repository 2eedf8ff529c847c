# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the base forecaster's scan body applies self.model to self.variables and hands the batch_stats updates to an on_step hook that the garage subclass overrides to store them on self
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

    def on_step(self, updates):
        """Hook for subclasses; called once per rolled-out hour."""

    def rollout(self, occ0, hour_feats):
        def hour(occ, feats):
            occ_next, updates = self.model.apply(
                self.variables, occ, feats, mutable=["batch_stats"]
            )
            self.on_step(updates)
            return occ_next, occ_next

        _, path = lax.scan(hour, occ0, hour_feats)
        return path


class AdaptiveGarageForecaster(OccupancyForecaster):
    def on_step(self, updates):
        self.variables = {**self.variables, "batch_stats": updates["batch_stats"]}


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
