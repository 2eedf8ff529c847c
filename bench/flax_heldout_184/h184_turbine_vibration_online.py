# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the ingest scan body calls Session.score, reached as service.pool -> Session -> model.bind(variables, mutable=["batch_stats"]) held by the session
"""Online vibration-anomaly service for a wind farm.

Every turbine gets a session from a pool; the session keeps a bound encoder whose
BatchNorm statistics follow the telemetry as batches arrive, and the service
checkpoints those statistics after each ingest."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class VibrationEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.tanh(x)


@dataclasses.dataclass
class Session:
    turbine_id: str
    bound: nn.Module

    def score(self, window):
        z = self.bound(window, train=True)
        return jnp.mean(z ** 2)

    def snapshot(self):
        _, variables = self.bound.unbind()
        return variables


class SessionPool:
    def __init__(self, model, variables):
        self._model = model
        self._variables = variables
        self._sessions = {}

    def acquire(self, turbine_id):
        if turbine_id not in self._sessions:
            bound = self._model.bind(self._variables, mutable=["batch_stats"])
            self._sessions[turbine_id] = Session(turbine_id, bound)
        return self._sessions[turbine_id]


class TelemetryService:
    def __init__(self, pool, alarm_level=1.5):
        self.pool = pool
        self.alarm_level = alarm_level

    def ingest(self, turbine_id, stream):
        session = self.pool.acquire(turbine_id)

        def on_batch(alarms, window):
            score = session.score(window)
            return alarms + (score > self.alarm_level).astype(jnp.int32), score

        return lax.scan(on_batch, jnp.int32(0), stream)

    def checkpoint(self, turbine_id):
        stats = self.pool.acquire(turbine_id).snapshot()["batch_stats"]
        return jax.tree_util.tree_map(lambda a: jnp.round(a, 4), stats)


def main():
    model = VibrationEncoder()
    variables = model.init(jax.random.key(0), jnp.zeros((16, 6)), train=False)
    service = TelemetryService(SessionPool(model, variables))
    stream = jax.random.normal(jax.random.key(1), (12, 16, 6))
    service.ingest("T-07", stream)
    service.checkpoint("T-07")
    return None
