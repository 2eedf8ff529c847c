# label: ok
# flax-error: none
# class: 3 StatefulApply.variables enters the while_loop carry; the body calls the pure StatefulApply.step and the wrapper takes the variables back after the loop
"""Ceramic kiln firing: ramp until the zone model says the target temperature is reached."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ZoneTempModel(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(8)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


class StatefulApply:
    """Online-calibration wrapper: keeps the variables between calls."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def step(self, variables, x):
        y, updates = self.model.apply(variables, x, train=True, mutable=["batch_stats"])
        return y, {**variables, **updates}

    def export(self, x):
        return self.model.apply(self.variables, x, train=False)


def fire_until_target(wrapper, readings, target):
    def cond(carry):
        step, temp, _ = carry
        return (step < readings.shape[0]) & (temp < target)

    def body(carry):
        step, temp, variables = carry
        y, variables = wrapper.step(variables, readings[step])
        return step + 1, temp + 80.0 + 10.0 * jnp.tanh(y.mean()), variables

    step, temp, variables = jax.lax.while_loop(cond, body, (0, jnp.float32(20.0), wrapper.variables))
    wrapper.variables = variables
    return step, temp



def main():
    steps, zones, n_feat = 12, 4, 3
    readings = jax.random.normal(jax.random.key(0), (steps, zones, n_feat))
    model = ZoneTempModel()
    variables = model.init(jax.random.key(1), readings[0], train=False)
    wrapper = StatefulApply(model, variables)
    n, temp = fire_until_target(wrapper, readings, 900.0)
    print(int(n), float(temp), wrapper.export(readings[0]))
    return None
