# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "frames_seen" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 HiveMonitor.bound holds model.bind(variables); the scan body calls monitor.bound, whose telemetry counter is written each frame
"""Beehive acoustic monitor: flags swarming risk from spectrogram frames.

The classifier keeps a small telemetry collection (frames seen) that the field
firmware reports. The monitor keeps a bound copy of the classifier so that the
analysis helpers can call it like a function.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_BANDS = 8


class SwarmClassifier(nn.Module):
    @nn.compact
    def __call__(self, frame):
        seen = self.variable("telemetry", "frames_seen", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            seen.value = seen.value + 1
        h = nn.Dense(16)(jnp.log1p(jnp.abs(frame)))
        return nn.sigmoid(nn.Dense(1)(nn.swish(h)))[0]


class HiveMonitor:
    def __init__(self, hive_id, model, variables):
        self.hive_id = hive_id
        self.model = model
        self.bound = model.bind(variables)


def analyse_hive(monitor, clip):
    def body(risk, frame):
        p = monitor.bound(frame)
        return jnp.maximum(risk, p), p

    peak, _ = jax.lax.scan(body, jnp.zeros(()), clip)
    return peak


def main():
    model = SwarmClassifier()
    clip = jax.random.uniform(jax.random.key(3), (10, N_BANDS))
    variables = model.init(jax.random.key(0), clip[0])
    monitor = HiveMonitor("apiary-2/hive-14", model, variables)
    analyse_hive(monitor, clip)
    return None
