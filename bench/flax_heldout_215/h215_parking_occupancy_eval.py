# label: ok
# flax-error: none
# class: 3 OccupancyEstimator.rollout scans with self.model.apply(self.variables, ..., train=self.config.train) in the body, served with train=False
"""Parking garage occupancy: rolling occupancy estimates per level from gate counts.

Serving settings come from a frozen config dataclass shared by all estimators of a deployment;
the serving deployment sets train=False so the running statistics are only read while the
estimator rolls the occupancy forward over the day's gate-count windows.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ServingConfig:
    capacity: int = 120
    train: bool = True
    window_minutes: int = 15


class OccupancyNet(nn.Module):
    @nn.compact
    def __call__(self, occupancy, gates, train: bool):
        h = nn.Dense(16)(jnp.concatenate([occupancy[..., None], gates], axis=-1))
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class OccupancyEstimator:
    def __init__(self, model, variables, config: ServingConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def rollout(self, occupancy0, gate_counts):
        def window(occupancy, gates):
            delta = self.model.apply(self.variables, occupancy, gates, train=self.config.train)
            occupancy = jnp.clip(occupancy + delta, 0.0, float(self.config.capacity))
            return occupancy, occupancy

        return lax.scan(window, occupancy0, gate_counts)


def main():
    levels, windows = 4, 16
    t = jnp.arange(windows, dtype=jnp.float32)[:, None, None]
    gate_counts = jnp.concatenate([jnp.sin(t / 3.0), jnp.cos(t / 5.0)], axis=-1) * jnp.ones((windows, levels, 2))
    occupancy0 = jnp.array([10.0, 35.0, 60.0, 5.0])
    model = OccupancyNet()
    variables = model.init(jax.random.key(0), occupancy0, gate_counts[0], train=False)
    estimator = OccupancyEstimator(model, variables, ServingConfig(train=False))
    final, path = estimator.rollout(occupancy0, gate_counts)
    jax.block_until_ready(path)
    return None
