# label: ok
# flax-error: none
# class: 3 forecaster.variables passed to forecaster.model.apply in the scan body; model built with train=False (running averages only read)
"""Call-centre staffing forecast: roll an interval-level call-volume model forward over the
next shift and turn the forecast into agent counts with an Erlang-style rule of thumb."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class VolumeModel(nn.Module):
    hidden: int = 32
    train: bool = False

    @nn.compact
    def __call__(self, features):
        x = nn.Dense(self.hidden)(features)
        x = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(x)
        x = nn.gelu(x)
        return nn.softplus(nn.Dense(1)(x))[..., 0]


class StaffingForecaster:
    def __init__(self, model, variables, handle_time_min=6.0, target_occupancy=0.85):
        self.model = model
        self.variables = variables
        self.handle_time_min = handle_time_min
        self.target_occupancy = target_occupancy

    def agents_needed(self, calls_per_interval):
        workload = calls_per_interval * self.handle_time_min / 30.0
        return jnp.ceil(workload / self.target_occupancy)

    def roll_shift(self, history, calendar):
        def interval(window, cal):
            feats = jnp.concatenate([window, cal], axis=-1)
            calls = self.model.apply(self.variables, feats)
            window = jnp.concatenate([window[:, 1:], calls[:, None]], axis=-1)
            return window, self.agents_needed(calls)

        _, agents = lax.scan(interval, history, calendar)
        return agents


def main():
    sites, lags, cal_dim, intervals = 3, 8, 4, 16
    model = VolumeModel(train=False)
    history = jax.random.uniform(jax.random.key(0), (sites, lags)) * 40.0
    calendar = jax.random.normal(jax.random.key(1), (intervals, sites, cal_dim))
    variables = model.init(jax.random.key(2), jnp.zeros((sites, lags + cal_dim)))
    forecaster = StaffingForecaster(model, variables)
    agents = forecaster.roll_shift(history, calendar)
    print("peak agents per site:", agents.max(axis=0))
    return None
