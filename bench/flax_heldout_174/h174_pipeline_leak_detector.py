# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 LeakDetectionService.sessions[segment].scorer holds model.bind(variables); the fori_loop body calls session.anomaly() with recalibrate=True
"""Pipeline leak detection: a service keeps one sensor session per pipeline segment.

Every session scores pressure windows through a shared BoundScorer that holds the
bound encoder. Segments flagged for recalibration run the encoder's BatchNorm in
training mode so it re-estimates the pressure statistics while sweeping.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PressureEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, window, recalibrate: bool = False):
        h = nn.Dense(self.hidden)(window)
        h = nn.BatchNorm(use_running_average=not recalibrate, momentum=0.95)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class BoundScorer:
    def __init__(self, module, variables):
        self._bound = module.bind(variables)

    def score(self, window, recalibrate):
        return self._bound(window, recalibrate=recalibrate)


class SensorSession:
    def __init__(self, segment_id, scorer, recalibrate):
        self.segment_id = segment_id
        self.scorer = scorer
        self.recalibrate = recalibrate

    def anomaly(self, window):
        return jax.nn.sigmoid(self.scorer.score(window, self.recalibrate))


class LeakDetectionService:
    def __init__(self, module, variables, segments, recalibrate):
        scorer = BoundScorer(module, variables)
        self.sessions = {seg: SensorSession(seg, scorer, recalibrate) for seg in segments}

    def sweep(self, segment, readings):
        session = self.sessions[segment]

        def body(i, alarms):
            probability = session.anomaly(readings[i])
            return alarms + (probability > 0.5).astype(jnp.int32)

        start = jnp.zeros(readings.shape[1], jnp.int32)
        return jax.lax.fori_loop(0, readings.shape[0], body, start)


def main():
    encoder = PressureEncoder()
    readings = jax.random.normal(jax.random.key(0), (5, 3, 6))  # sweeps x sensors x window
    variables = encoder.init(jax.random.key(1), readings[0])
    service = LeakDetectionService(encoder, variables, ["north-07", "delta-12"], recalibrate=True)
    service.sweep("delta-12", readings)
    return None
