# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 HiveMonitorService -> SnapshotGuard -> model.bind(variables, mutable=["ema"]) whose baseline variable the fori_loop body updates
"""Beehive scale monitoring: an exponential baseline of hive weight is refreshed from each night's
readings. A guard snapshots the baseline first and rolls it back if the refresh produced NaNs."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class HiveBaseline(nn.Module):
    sensors: int = 5
    decay: float = 0.95

    @nn.compact
    def __call__(self, readings, refresh: bool = False):
        baseline = self.variable("ema", "baseline", lambda: jnp.zeros((self.sensors,)))
        projected = nn.Dense(self.sensors)(readings)
        if refresh:
            baseline.value = self.decay * baseline.value + (1 - self.decay) * projected.mean(0)
        return projected - baseline.value


class SnapshotGuard:
    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["ema"])
        self._snapshot = None

    def snapshot(self):
        self._snapshot = self.bound.variables["ema"]["baseline"]

    def current(self):
        return self.bound.variables["ema"]["baseline"]

    def rollback_if_broken(self):
        if bool(jnp.any(jnp.isnan(self.current()))):
            self.bound.put_variable("ema", "baseline", self._snapshot)
            return True
        return False


class HiveMonitorService:
    def __init__(self, guard: SnapshotGuard):
        self.guard = guard

    def nightly_refresh(self, nights):
        self.guard.snapshot()

        def night(i, worst):
            deviation = self.guard.bound(nights[i], refresh=True)
            return jnp.maximum(worst, jnp.abs(deviation).max())

        worst = lax.fori_loop(0, nights.shape[0], night, jnp.zeros(()))
        rolled_back = self.guard.rollback_if_broken()
        return worst, rolled_back


def main():
    model = HiveBaseline()
    nights = jax.random.normal(jax.random.key(7), (10, 24, 5)) + 40.0
    variables = model.init(jax.random.key(0), nights[0])
    service = HiveMonitorService(SnapshotGuard(model, variables))
    service.nightly_refresh(nights)
    return None
