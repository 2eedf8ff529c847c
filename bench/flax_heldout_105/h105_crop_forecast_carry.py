# label: ok
# flax-error: none
# class: 5 the scan body calls a jax.checkpoint-wrapped functools.partial(model.apply, mutable=['batch_stats']) kept on the forecaster, the new batch_stats go through the carry and are stored after the loop
"""Crop yield forecasting from weekly remote-sensing features of a growing season.

Forecaster.warm_up() streams the weeks of the season through the network in training mode
so the normalization statistics match this season's sensors before forecasting.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class YieldNet(nn.Module):
    @nn.compact
    def __call__(self, week, train: bool = True):
        x = nn.Dense(12)(week)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.8)(x)
        return nn.Dense(1)(nn.swish(x))[..., 0]


class Forecaster:
    def __init__(self, model, variables):
        self.model = model
        self.state = dict(variables)
        self._train_apply = jax.checkpoint(functools.partial(model.apply, mutable=["batch_stats"]))

    def warm_up(self, weeks):
        def week_step(carry, week):
            total, batch_stats = carry
            pred, updates = self._train_apply({**self.state, "batch_stats": batch_stats}, week)
            return (total + pred.mean(), updates["batch_stats"]), None

        (total, batch_stats), _ = jax.lax.scan(week_step, (0.0, self.state["batch_stats"]), weeks)
        self.state = {**self.state, "batch_stats": batch_stats}
        return total

    def forecast(self, fields):
        return self.model.apply(self.state, fields, train=False)


def main():
    weeks = jax.random.normal(jax.random.key(0), (10, 5, 7))
    model = YieldNet()
    variables = model.init(jax.random.key(1), weeks[0], train=False)
    forecaster = Forecaster(model, variables)
    forecaster.warm_up(weeks)
    forecaster.forecast(weeks[-1])
    return None
