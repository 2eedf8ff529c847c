# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a dependency-injection Container resolves a provider that builds the step function from the model and variables; the step applies the BatchNorm forecaster in train mode inside the while_loop body
"""District-heating demand roll-forward wired with a small dependency-injection container.

Providers are registered with a decorator and resolved lazily by name, singletons cached.
The forecasting service only asks the container for "step_fn"; the provider that builds
it closes over the model and variables and runs the forecaster in training mode so that the
normalisation statistics adapt to the season.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Container:
    def __init__(self):
        self._providers = {}
        self._singletons = {}

    def provider(self, name):
        def register(factory):
            self._providers[name] = factory
            return factory
        return register

    def resolve(self, name):
        if name not in self._singletons:
            self._singletons[name] = self._providers[name](self)
        return self._singletons[name]


class DemandForecaster(nn.Module):
    @nn.compact
    def __call__(self, history, train: bool = False):
        h = nn.Dense(6)(history)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.swish(h)).squeeze(-1)


container = Container()


@container.provider("model")
def provide_model(c):
    return DemandForecaster()


@container.provider("variables")
def provide_variables(c):
    return c.resolve("model").init(jax.random.key(0), jnp.ones((3, 4)))


@container.provider("step_fn")
def provide_step(c):
    model, variables = c.resolve("model"), c.resolve("variables")

    def step(history):
        return model.apply(variables, history, train=True)

    return step


class RollForwardService:
    def __init__(self, step_fn, capacity: float, horizon: int):
        self.step_fn = step_fn
        self.capacity = capacity
        self.horizon = horizon

    def run(self, history):
        def cond(state):
            t, _, peak = state
            return (t < self.horizon) & (peak < self.capacity)

        def body(state):
            t, hist, peak = state
            demand = self.step_fn(hist)
            hist = jnp.concatenate([hist[:, 1:], demand[:, None]], axis=1)
            return t + 1, hist, jnp.maximum(peak, demand.max())

        return jax.lax.while_loop(cond, body, (0, history, jnp.array(-jnp.inf)))


def main():
    service = RollForwardService(container.resolve("step_fn"), capacity=50.0, horizon=5)
    service.run(jax.random.normal(jax.random.key(1), (3, 4)))
    return None
