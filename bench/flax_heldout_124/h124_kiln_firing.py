# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the while_loop body calls StatefulApply, which applies with mutable=["batch_stats"] and writes the updates back onto its own .variables attribute
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

    def __call__(self, x):
        y, updates = self.model.apply(self.variables, x, train=True, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}
        return y

    def export(self, x):
        return self.model.apply(self.variables, x, train=False)


def fire_until_target(wrapper, readings, target):
    def cond(carry):
        step, temp = carry
        return (step < readings.shape[0]) & (temp < target)

    def body(carry):
        step, temp = carry
        delta = wrapper(readings[step]).mean()
        return step + 1, temp + 80.0 + 10.0 * jnp.tanh(delta)

    return jax.lax.while_loop(cond, body, (0, jnp.float32(20.0)))


def main():
    steps, zones, n_feat = 12, 4, 3
    readings = jax.random.normal(jax.random.key(0), (steps, zones, n_feat))
    model = ZoneTempModel()
    variables = model.init(jax.random.key(1), readings[0], train=False)
    wrapper = StatefulApply(model, variables)
    n, temp = fire_until_target(wrapper, readings, 900.0)
    print(int(n), float(temp), wrapper.export(readings[0]))
    return None
