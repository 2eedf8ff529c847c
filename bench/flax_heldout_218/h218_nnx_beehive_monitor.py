# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 HiveMonitor.model (a property over self.runtime.model); the while_loop body asks the EvalSchedule and calls model.eval() on the outer model at each reading
"""Beehive monitoring: score hive-weight readings with a dropout net, switching to eval for scoring."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class HiveWeightNet(nnx.Module):
    def __init__(self, n_sensors, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_sensors, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, readings):
        return self.head(self.dropout(nnx.relu(self.body(readings))))


@dataclasses.dataclass(frozen=True)
class EvalSchedule:
    mode: str = "eval"

    def apply_mode(self, model):
        if self.mode == "eval":
            model.eval()
        else:
            model.train()


class ModelRuntime:
    def __init__(self, model):
        self.model = model


class HiveMonitor:
    def __init__(self, runtime: ModelRuntime, schedule: EvalSchedule):
        self.runtime = runtime
        self.schedule = schedule

    @property
    def model(self):
        return self.runtime.model

    def score(self, readings):
        def has_more(carry):
            return carry[0] < readings.shape[0]

        def score_one(carry):
            i, alarm = carry
            self.schedule.apply_mode(self.model)
            swarm_risk = self.model(readings[i])
            return i + 1, jnp.maximum(alarm, swarm_risk[0])

        _, alarm = jax.lax.while_loop(has_more, score_one, (0, jnp.zeros(())))
        return alarm


def main():
    model = HiveWeightNet(6, nnx.Rngs(params=0, dropout=1))
    readings = jax.random.normal(jax.random.PRNGKey(2), (8, 6))
    HiveMonitor(ModelRuntime(model), EvalSchedule()).score(readings)
    return None
