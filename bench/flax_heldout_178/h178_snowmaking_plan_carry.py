# label: ok
# flax-error: none
# class: 2 plan_night keeps params and batch_stats in locals; batch_stats is threaded through the fori_loop carry with mutable apply
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
    params = variables["params"]

    def hour(i, carry):
        plan, stats = carry
        duty, updates = model.apply(
            {"params": params, "batch_stats": stats}, forecast[i], mutable=["batch_stats"]
        )
        return plan.at[i].set(duty), updates["batch_stats"]

    plan = jnp.zeros(forecast.shape[:2])
    plan, _ = jax.lax.fori_loop(0, forecast.shape[0], hour, (plan, variables["batch_stats"]))
    return plan


def main():
    config = SnowConfig()
    forecast = jax.random.normal(jax.random.key(4), (config.hours, config.slopes, config.features))
    model = GunPlanner()
    variables = model.init(jax.random.key(0), forecast[0])
    plan = plan_night(model, variables, forecast)
    print("gun duty per slope", plan.mean(0))
    return None
