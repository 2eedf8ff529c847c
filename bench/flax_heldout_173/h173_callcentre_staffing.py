# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 StaffingForecaster.rolling_update's scan body reads self.variables and writes the mutated batch_stats back onto self.variables
"""Call-centre staffing forecaster.

Forecasts the call volume per 15-minute interval for the next week and turns it into an agent
head-count with an Erlang-style service factor. The forecaster adapts its normalisation
statistics week by week over the recent history before producing the plan.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class VolumeNet(nn.Module):
    intervals: int = 8

    @nn.compact
    def __call__(self, history, train: bool = False):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(history)
        h = nn.relu(nn.Dense(32)(h))
        return nn.softplus(nn.Dense(self.intervals)(h))


class StaffingForecaster:
    def __init__(self, model: VolumeNet, variables, handle_time_min: float = 6.0):
        self.model = model
        self.variables = variables
        self.handle_time_min = handle_time_min

    def rolling_update(self, weekly_history):
        """Adapt the normalisation statistics to each past week in turn."""

        def body(carry, week):
            preds, updates = self.model.apply(self.variables, week, train=True, mutable=["batch_stats"])
            self.variables = {"params": self.variables["params"], **updates}
            return carry + jnp.mean(preds), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), weekly_history)
        return total

    def staff_plan(self, recent_week):
        volume = self.model.apply(self.variables, recent_week, train=False)
        workload = volume * self.handle_time_min / 15.0
        return jnp.ceil(workload * 1.15).sum(axis=0)


def main():
    model = VolumeNet()
    weeks = jax.random.uniform(jax.random.key(3), (5, 7, 12), minval=0.0, maxval=40.0)
    variables = model.init(jax.random.key(0), weeks[0])
    forecaster = StaffingForecaster(model, variables)
    forecaster.rolling_update(weeks)
    plan = forecaster.staff_plan(weeks[-1])
    print("agents per interval", plan)
    return None
