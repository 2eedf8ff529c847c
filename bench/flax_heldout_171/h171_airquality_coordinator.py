# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "sensor_drift" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a Coordinator owns StationWorkers whose session (model, variables) is applied in the fori_loop body while the model updates its sensor_drift collection
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

    def alert_score(self, reading):
        model, variables = self.session
        return model.apply(variables, reading)


class Coordinator:
    def __init__(self, workers):
        self.workers = workers

    def sweep(self, readings):
        """readings: [hours, stations, pollutants]."""

        def body(hour, alerts):
            scores = jnp.stack([w.alert_score(readings[hour, w.station_id]) for w in self.workers])
            return alerts + (scores > 0.5)

        return lax.fori_loop(0, readings.shape[0], body, jnp.zeros(len(self.workers), jnp.int32))


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
