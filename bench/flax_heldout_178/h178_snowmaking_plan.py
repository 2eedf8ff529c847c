# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 plan_night binds the model (immutable) into a local `bound` that the fori_loop body calls with BatchNorm in training mode
"""Ski-resort snowmaking: plans hourly snow-gun output from wet-bulb forecasts for each slope."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SnowConfig:
    slopes: int = 5
    hours: int = 10
    features: int = 3


class GunPlanner(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, weather):
        x = nn.BatchNorm(use_running_average=not self.train, momentum=0.8)(weather)
        x = nn.swish(nn.Dense(8)(x))
        return nn.sigmoid(nn.Dense(1)(x)).squeeze(-1)


def plan_night(model, variables, forecast):
    bound = model.bind(variables)

    def hour(i, plan):
        return plan.at[i].set(bound(forecast[i]))

    plan = jnp.zeros(forecast.shape[:2])
    return jax.lax.fori_loop(0, forecast.shape[0], hour, plan)


def main():
    config = SnowConfig()
    forecast = jax.random.normal(jax.random.key(4), (config.hours, config.slopes, config.features))
    model = GunPlanner()
    variables = model.init(jax.random.key(0), forecast[0])
    plan = plan_night(model, variables, forecast)
    print("gun duty per slope", plan.mean(0))
    return None
