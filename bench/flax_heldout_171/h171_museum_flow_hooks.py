# label: same-values
# flax-error: none
# class: 4 the Evaluator's callback list holds an MCForecastHook whose model, params and dropout rng attributes are used in the scan body
"""Museum visitor flow: Monte Carlo gallery-occupancy forecasts collected through evaluator hooks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class OccupancyNet(nn.Module):
    galleries: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.relu(nn.Dense(16)(x))
        h = nn.Dropout(0.25, deterministic=not train)(h)
        return nn.softplus(nn.Dense(self.galleries)(h))


class Callback:
    def on_step(self, step, features):
        return jnp.zeros(())


class MCForecastHook(Callback):
    def __init__(self, model, params, rng):
        self.model = model
        self.params = params
        self.rng = rng

    def on_step(self, step, features):
        return self.model.apply({"params": self.params}, features, train=True, rngs={"dropout": self.rng})


class CapacityAlarmHook(Callback):
    def on_step(self, step, features):
        return jnp.zeros(5)


class Evaluator:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def run(self, features, draws: int):
        def body(carry, step):
            outputs = [cb.on_step(step, features) for cb in self.callbacks]
            return carry, sum(outputs)

        _, per_draw = jax.lax.scan(body, None, jnp.arange(draws))
        return per_draw


def main():
    tomorrow = jax.random.normal(jax.random.key(9), (10,))  # weather, events, school holidays ...
    model = OccupancyNet()
    params = model.init(jax.random.key(0), tomorrow)["params"]
    evaluator = Evaluator([CapacityAlarmHook(), MCForecastHook(model, params, jax.random.key(1))])
    return evaluator.run(tomorrow, draws=6)
