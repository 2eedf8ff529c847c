# label: trace-context
# flax-error: TraceContextError: Cannot mutate WindowStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a monitoring service owns an NNX drift detector whose window statistics are nnx.Variable subclasses; the while_loop body calls self.detector.observe, which assigns them
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class WindowStat(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class DriftConfig:
    threshold: float = 0.5
    decay: float = 0.8


class DriftDetector(nnx.Module):
    def __init__(self, reference_mean, cfg: DriftConfig):
        self.cfg = cfg
        self.reference = nnx.Variable(reference_mean)
        self.window_mean = WindowStat(reference_mean)
        self.seen = WindowStat(jnp.int32(0))

    def observe(self, batch):
        d = self.cfg.decay
        self.window_mean.value = d * self.window_mean.value + (1 - d) * batch.mean(0)
        self.seen.value += 1
        return jnp.abs(self.window_mean.value - self.reference.value).max() > self.cfg.threshold


class MonitoringService:
    def __init__(self, detector):
        self.detector = detector

    def first_alarm(self, batches):
        def cond(state):
            i, alarm = state
            return (i < batches.shape[0]) & ~alarm

        def body(state):
            i, _ = state
            return i + 1, self.detector.observe(batches[i])

        i, alarm = jax.lax.while_loop(cond, body, (0, False))
        return i, alarm


def main():
    shift = jnp.linspace(0.0, 2.0, 8)[:, None, None]
    batches = jax.random.normal(jax.random.key(1), (8, 16, 3)) + shift
    service = MonitoringService(DriftDetector(jnp.zeros((3,)), DriftConfig()))
    service.first_alarm(batches)
    return None
