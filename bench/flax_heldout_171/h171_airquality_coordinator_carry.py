# label: ok
# flax-error: none
# class: 4 a Coordinator owns StationWorkers whose session model is applied in the fori_loop body with each station's sensor_drift collection threaded through the carry
"""Air-quality alerting: a coordinator sweeps monitoring stations through their workers."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class PollutantAlertNet(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, reading):
        baseline = self.variable("sensor_drift", "ema", lambda: jnp.zeros(reading.shape))
        corrected = reading - baseline.value
        baseline.value = self.decay * baseline.value + (1 - self.decay) * reading
        return nn.sigmoid(nn.Dense(1)(corrected))[0]


class StationWorker:
    def __init__(self, station_id: int, model: nn.Module, variables):
        self.station_id = station_id
        self.session = (model, variables)

    def alert_score(self, drift, reading):
        model, variables = self.session
        score, updates = model.apply({**variables, "sensor_drift": drift}, reading, mutable=["sensor_drift"])
        return score, updates["sensor_drift"]

    def commit(self, drift):
        model, variables = self.session
        self.session = (model, {**variables, "sensor_drift": drift})


class Coordinator:
    def __init__(self, workers):
        self.workers = workers

    def sweep(self, readings):
        """readings: [hours, stations, pollutants]."""

        def body(hour, carry):
            alerts, drifts = carry
            results = [w.alert_score(d, readings[hour, w.station_id]) for w, d in zip(self.workers, drifts)]
            scores = jnp.stack([score for score, _ in results])
            return alerts + (scores > 0.5), [drift for _, drift in results]

        drifts = [w.session[1]["sensor_drift"] for w in self.workers]
        init = (jnp.zeros(len(self.workers), jnp.int32), drifts)
        alerts, drifts = lax.fori_loop(0, readings.shape[0], body, init)
        for worker, drift in zip(self.workers, drifts):
            worker.commit(drift)
        return alerts


def main():
    readings = jax.random.uniform(jax.random.key(4), (6, 3, 5))  # 6 hours, 3 stations, 5 pollutants
    model = PollutantAlertNet()
    workers = []
    for station in range(readings.shape[1]):
        variables = model.init(jax.random.key(station), readings[0, station])
        workers.append(StationWorker(station, model, variables))
    alerts = Coordinator(workers).sweep(readings)
    int(alerts.sum())
    return None
