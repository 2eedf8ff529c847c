# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls a QueueBlock wrapped by nn.remat through build_block(config), created and first called outside the loop
"""Ski lift queue forecasting: a queue model rolls the waiting counts at every lift forward
minute by minute; long horizons are rematerialised to save memory on the edge box."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    minutes: int = 12
    rematerialise: bool = True


class QueueBlock(nn.Module):
    @nn.compact
    def __call__(self, queues):
        return queues + 0.1 * jnp.tanh(nn.Dense(queues.shape[-1])(queues))


def build_block(config: ForecastConfig):
    return nn.remat(QueueBlock) if config.rematerialise else QueueBlock


class LiftQueueForecaster(nn.Module):
    config: ForecastConfig = ForecastConfig()

    @nn.compact
    def __call__(self, queues):
        block = build_block(self.config)(name="block")
        queues = block(queues)

        def minute(state, _):
            nxt = block(state)
            return nxt, jnp.sum(nxt, axis=-1)

        _, totals = lax.scan(minute, queues, None, length=self.config.minutes)
        return totals


def main():
    queues = jnp.array([[0.4, 0.1, 0.7, 0.2], [0.9, 0.3, 0.2, 0.1]])  # base area, lifts
    model = LiftQueueForecaster()
    variables = model.init(jax.random.key(0), queues)
    model.apply(variables, queues)
    return None
