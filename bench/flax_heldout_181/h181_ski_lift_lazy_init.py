# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 QueueForecaster.variables is initialised lazily by a helper called from the scan body and kept on the forecaster
"""Ski-lift queue forecaster replaying a day of gate counts.

The forecaster initialises its variables on the first window it sees, a pattern taken
from services that do not know input shapes until traffic arrives.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LiftQueueModel(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, window):
        h = nn.gelu(nn.Dense(self.hidden)(window))
        return nn.softplus(nn.Dense(1)(h))[0]


class QueueForecaster:
    def __init__(self, model: LiftQueueModel, seed: int = 0):
        self.model = model
        self.seed = seed
        self.variables = None

    def _ensure_variables(self, window):
        if self.variables is None:
            self.variables = self.model.init(jax.random.key(self.seed), window)
        return self.variables

    def replay(self, windows):
        def body(queue, window):
            variables = self._ensure_variables(window)
            wait = self.model.apply(variables, window)
            queue = 0.8 * queue + window.sum() - wait
            return queue, wait

        return lax.scan(body, jnp.zeros(()), windows)

    def forecast(self, window):
        return self.model.apply(self.variables, window)


def main():
    counts = jax.random.poisson(jax.random.key(0), 6.0, (16, 5)).astype(jnp.float32)
    forecaster = QueueForecaster(LiftQueueModel())
    queue, waits = forecaster.replay(counts)
    print("end-of-day queue", float(queue), "next wait", float(forecaster.forecast(counts[-1])))
    return None
