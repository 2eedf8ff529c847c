# label: ok
# flax-error: none
# class: 3 HiveMonitor keeps model, params and telemetry; the scan carry holds the telemetry collection and apply returns it with mutable=["telemetry"]
"""Beehive acoustic monitor: flags swarming risk from spectrogram frames.

The classifier keeps a small telemetry collection (frames seen) that the field
firmware reports. The monitor keeps the classifier's variables so that the
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
        self.params = variables["params"]
        self.telemetry = variables["telemetry"]


def analyse_hive(monitor, clip):
    def body(carry, frame):
        risk, telemetry = carry
        p, updates = monitor.model.apply(
            {"params": monitor.params, "telemetry": telemetry}, frame, mutable=["telemetry"])
        return (jnp.maximum(risk, p), updates["telemetry"]), p

    (peak, monitor.telemetry), _ = jax.lax.scan(body, (jnp.zeros(()), monitor.telemetry), clip)
    return peak


def main():
    model = SwarmClassifier()
    clip = jax.random.uniform(jax.random.key(3), (10, N_BANDS))
    variables = model.init(jax.random.key(0), clip[0])
    monitor = HiveMonitor("apiary-2/hive-14", model, variables)
    analyse_hive(monitor, clip)
    assert int(monitor.telemetry["frames_seen"]) == clip.shape[0]
    return None
