# label: ok
# flax-error: none
# class: 4 params and batch_stats held by a ZamboniPlanner inside a ResurfacingScheduler; fori_loop body calls scheduler.planner.plan with mutable=["batch_stats"] and threads the stats through the carry
"""Ice rink resurfacing: plan water and blade depth for each session of the day."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class IceConditionNet(nn.Module):
    @nn.compact
    def __call__(self, sensors, train: bool):
        h = nn.Dense(8)(sensors)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(2)(nn.relu(h))  # water litres, blade depth


class ZamboniPlanner:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def plan(self, batch_stats, sensors):
        out, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, sensors, train=True, mutable=["batch_stats"]
        )
        return out, updates["batch_stats"]

    def normaliser_drift(self):
        return jnp.abs(self.batch_stats["BatchNorm_0"]["mean"]).max()


class ResurfacingScheduler:
    def __init__(self, planner: ZamboniPlanner, n_sessions: int):
        self.planner = planner
        self.n_sessions = n_sessions

    def run_day(self, sensor_log):
        def body(i, carry):
            water, batch_stats = carry
            out, batch_stats = self.planner.plan(batch_stats, sensor_log[i])
            return water + out[:, 0].sum(), batch_stats

        water, self.planner.batch_stats = jax.lax.fori_loop(
            0, self.n_sessions, body, (jnp.zeros(()), self.planner.batch_stats)
        )
        return water, self.planner.normaliser_drift()


def main():
    model = IceConditionNet()
    variables = model.init(jax.random.key(0), jnp.zeros((4, 5)), train=False)
    scheduler = ResurfacingScheduler(ZamboniPlanner(model, variables), n_sessions=3)
    sensor_log = jax.random.normal(jax.random.key(1), (3, 4, 5))
    scheduler.run_day(sensor_log)
