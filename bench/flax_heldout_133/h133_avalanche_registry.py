# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "load" in "/" because collection "snowpack" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a forecaster factory registered with @register returns a step closing over model.bind(variables); ForecastService builds it lazily by name and the fori_loop body calls it
import jax
import jax.numpy as jnp
from flax import linen as nn

FORECASTERS = {}


def register(name):
    def decorate(factory):
        FORECASTERS[name] = factory
        return factory

    return decorate


class SnowpackNet(nn.Module):
    layers: int = 4

    @nn.compact
    def __call__(self, snowfall, load=None):
        stored = self.variable("snowpack", "load", jnp.zeros, (self.layers,))
        current = stored.value if load is None else load
        new_load = 0.9 * current + nn.softplus(nn.Dense(self.layers)(snowfall)).mean(0)
        if load is None:
            stored.value = new_load
        return nn.sigmoid(new_load.sum() - 3.0), new_load


@register("slab")
def slab_forecaster(model, variables):
    bound = model.bind(variables)

    def step(snowfall):
        risk, _ = bound(snowfall)
        return risk

    return step


class ForecastService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self._steppers = {}

    def stepper(self, name):
        if name not in self._steppers:
            self._steppers[name] = FORECASTERS[name](self.model, self.variables)
        return self._steppers[name]

    def season_risk(self, name, snowfall):
        def day(i, risk):
            return jnp.maximum(risk, self.stepper(name)(snowfall[i]))

        return jax.lax.fori_loop(0, snowfall.shape[0], day, jnp.zeros(()))


def main():
    model = SnowpackNet()
    snowfall = jnp.abs(jnp.sin(jnp.arange(9 * 2 * 3, dtype=jnp.float32))).reshape(9, 2, 3)
    variables = model.init(jax.random.key(0), snowfall[0])
    service = ForecastService(model, variables)
    jax.block_until_ready(service.season_risk("slab", snowfall))
    return None
