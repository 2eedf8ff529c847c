# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LiftOperator.forecaster.holder is a LazyParams that runs model.init on first get(), which happens inside the while_loop body; the cached variables are used again after the loop
"""Ski-lift queue simulation with a lazily initialised wait-time forecaster."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class WaitTimeModel(nn.Module):
    @nn.compact
    def __call__(self, arrivals):
        h = nn.relu(nn.Dense(8)(arrivals))
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class LazyParams:
    """Defers initialisation until the first request so cold starts stay cheap."""

    def __init__(self, model, seed, example):
        self._model = model
        self._seed = seed
        self._example = example
        self._variables = None

    def get(self):
        if self._variables is None:
            self._variables = self._model.init(jax.random.key(self._seed), self._example)
        return self._variables


class QueueForecaster:
    def __init__(self, model, holder):
        self.model = model
        self.holder = holder

    def predict(self, arrivals):
        return self.model.apply(self.holder.get(), arrivals)


class LiftOperator:
    def __init__(self, forecaster, capacity):
        self.forecaster = forecaster
        self.capacity = capacity

    def simulate(self, arrivals):
        def cond(state):
            t, _ = state
            return t < arrivals.shape[0]

        def body(state):
            t, queue = state
            wait = self.forecaster.predict(arrivals[t])
            queue = jnp.maximum(queue + arrivals[t].sum() - self.capacity, 0.0) + wait.mean()
            return t + 1, queue

        _, queue = jax.lax.while_loop(cond, body, (0, jnp.zeros(())))
        return queue


def main():
    arrivals = jax.random.poisson(jax.random.key(4), 3.0, (8, 2, 4)).astype(jnp.float32)
    model = WaitTimeModel()
    forecaster = QueueForecaster(model, LazyParams(model, seed=0, example=arrivals[0]))
    operator = LiftOperator(forecaster, capacity=20.0)
    operator.simulate(arrivals)
    dashboard = forecaster.predict(arrivals[0])
    print(dashboard)
    return None
