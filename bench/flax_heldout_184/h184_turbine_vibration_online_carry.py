# label: ok
# flax-error: none
# class: 4 the ingest scan body calls Session.score, reached as service.pool -> Session; the session's batch_stats enter and leave the loop as the scan carry
"""Online vibration-anomaly service for a wind farm.

Every turbine gets a session from a pool; the session's BatchNorm statistics follow
the telemetry as batches arrive. The statistics travel through the scan carry and the
session stores the final ones after the ingest."""
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
    model: nn.Module
    params: dict
    batch_stats: dict

    def score(self, batch_stats, window):
        z, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, window, train=True, mutable=["batch_stats"]
        )
        return jnp.mean(z ** 2), updates["batch_stats"]

    def snapshot(self):
        return {"params": self.params, "batch_stats": self.batch_stats}


class SessionPool:
    def __init__(self, model, variables):
        self._model = model
        self._variables = variables
        self._sessions = {}

    def acquire(self, turbine_id):
        if turbine_id not in self._sessions:
            v = self._variables
            self._sessions[turbine_id] = Session(turbine_id, self._model, v["params"], v["batch_stats"])
        return self._sessions[turbine_id]


class TelemetryService:
    def __init__(self, pool, alarm_level=1.5):
        self.pool = pool
        self.alarm_level = alarm_level

    def ingest(self, turbine_id, stream):
        session = self.pool.acquire(turbine_id)

        def on_batch(carry, window):
            alarms, stats = carry
            score, stats = session.score(stats, window)
            return (alarms + (score > self.alarm_level).astype(jnp.int32), stats), score

        (alarms, stats), scores = lax.scan(on_batch, (jnp.int32(0), session.batch_stats), stream)
        session.batch_stats = stats
        return alarms, scores

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
