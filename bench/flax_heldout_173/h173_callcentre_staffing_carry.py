# label: ok
# flax-error: none
# class: 3 StaffingForecaster.rolling_update carries self.variables['batch_stats'] through the scan and stores the final stats after the loop
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

        params = self.variables["params"]

        def body(carry, week):
            total, stats = carry
            preds, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, week, train=True, mutable=["batch_stats"]
            )
            return (total + jnp.mean(preds), updates["batch_stats"]), None

        (total, stats), _ = jax.lax.scan(body, (jnp.zeros(()), self.variables["batch_stats"]), weekly_history)
        self.variables = {"params": params, "batch_stats": stats}
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
