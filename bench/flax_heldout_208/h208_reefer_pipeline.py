# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a fluent ReeferPipeline builder (methods return self) whose build() returns a step closing over the model and its variables
"""Reefer-container cold chain: drives the setpoint controller until the cargo is in its band."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SetpointNet(nn.Module):
    @nn.compact
    def __call__(self, sensors, train: bool = False):
        h = nn.Dense(12)(sensors)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return -jnp.abs(nn.Dense(1)(nn.swish(h)))[..., 0]  # cooling delta per container


class ReeferPipeline:
    def __init__(self):
        self._model = None
        self._variables = None
        self._train = False
        self._band = (2.0, 4.0)

    def with_model(self, model):
        self._model = model
        return self

    def with_variables(self, variables):
        self._variables = variables
        return self

    def adapting(self, flag: bool = True):
        self._train = flag
        return self

    def cargo_band(self, low, high):
        self._band = (low, high)
        return self

    def build(self):
        model, variables, train = self._model, self._variables, self._train

        def step(temps, sensors):
            delta = model.apply(variables, jnp.concatenate([sensors, temps[:, None]], -1), train=train)
            return temps + 0.5 * delta

        return step, self._band


def cool_down(step, band, temps, sensors, max_steps=20):
    def not_done(state):
        i, t = state
        return (i < max_steps) & (t.max() > band[1])

    def body(state):
        i, t = state
        return i + 1, step(t, sensors)

    return lax.while_loop(not_done, body, (0, temps))


def main():
    model = SetpointNet()
    sensors = jax.random.normal(jax.random.key(0), (8, 3))  # humidity, door, compressor load
    temps = jnp.full((8,), 9.0)
    variables = model.init(jax.random.key(1), jnp.concatenate([sensors, temps[:, None]], -1))
    step, band = (ReeferPipeline().with_model(model).with_variables(variables)
                  .adapting(True).cargo_band(2.0, 4.0).build())
    cool_down(step, band, temps, sensors)
