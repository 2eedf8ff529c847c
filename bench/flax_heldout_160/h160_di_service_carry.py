# label: ok
# flax-error: none
# class: 5 a dependency-injection Container resolves a provider that builds the step function from the model and variables; the step takes and returns batch_stats, which the while_loop carries
"""District-heating demand roll-forward wired with a small dependency-injection container.

Providers are registered with a decorator and resolved lazily by name, singletons cached.
The provider that builds "step_fn" runs the forecaster in training mode with batch_stats
mutable and returns the new statistics, which the service threads through the loop state.
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

    def step(history, batch_stats):
        demand, updates = model.apply(
            {"params": variables["params"], "batch_stats": batch_stats}, history, train=True, mutable=["batch_stats"]
        )
        return demand, updates["batch_stats"]

    return step


class RollForwardService:
    def __init__(self, step_fn, batch_stats, capacity: float, horizon: int):
        self.step_fn = step_fn
        self.batch_stats = batch_stats
        self.capacity = capacity
        self.horizon = horizon

    def run(self, history):
        def cond(state):
            t, _, peak, _ = state
            return (t < self.horizon) & (peak < self.capacity)

        def body(state):
            t, hist, peak, stats = state
            demand, stats = self.step_fn(hist, stats)
            hist = jnp.concatenate([hist[:, 1:], demand[:, None]], axis=1)
            return t + 1, hist, jnp.maximum(peak, demand.max()), stats

        start = (0, history, jnp.array(-jnp.inf), self.batch_stats)
        t, hist, peak, self.batch_stats = jax.lax.while_loop(cond, body, start)
        return t, hist, peak


def main():
    service = RollForwardService(
        container.resolve("step_fn"), container.resolve("variables")["batch_stats"], capacity=50.0, horizon=5
    )
    service.run(jax.random.normal(jax.random.key(1), (3, 4)))
    return None
