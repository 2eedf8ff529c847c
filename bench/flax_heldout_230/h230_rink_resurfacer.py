# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 model.bind(variables, mutable=["batch_stats"]) held by a ZamboniPlanner inside a ResurfacingScheduler; fori_loop body calls scheduler.planner.plan and the stats are read after the loop
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
        # keeps adapting its normalisation to today's ice
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def plan(self, sensors):
        return self.bound(sensors, train=True)

    def normaliser_drift(self):
        mean = self.bound.variables["batch_stats"]["BatchNorm_0"]["mean"]
        return jnp.abs(mean).max()


class ResurfacingScheduler:
    def __init__(self, planner: ZamboniPlanner, n_sessions: int):
        self.planner = planner
        self.n_sessions = n_sessions

    def run_day(self, sensor_log):
        def body(i, water):
            out = self.planner.plan(sensor_log[i])
            return water + out[:, 0].sum()

        water = jax.lax.fori_loop(0, self.n_sessions, body, jnp.zeros(()))
        return water, self.planner.normaliser_drift()


def main():
    model = IceConditionNet()
    variables = model.init(jax.random.key(0), jnp.zeros((4, 5)), train=False)
    scheduler = ResurfacingScheduler(ZamboniPlanner(model, variables), n_sessions=3)
    sensor_log = jax.random.normal(jax.random.key(1), (3, 4, 5))
    scheduler.run_day(sensor_log)
