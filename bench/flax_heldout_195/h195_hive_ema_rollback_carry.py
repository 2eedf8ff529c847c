# label: ok
# flax-error: none
# class: 4 HiveMonitorService -> SnapshotGuard -> model.apply(mutable=["ema"]) with the baseline threaded through the fori_loop carry
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
        self.model = model
        self.params = variables["params"]
        self.ema = variables["ema"]
        self._snapshot = None

    def snapshot(self):
        self._snapshot = self.ema

    def step(self, ema, readings):
        deviation, updates = self.model.apply(
            {"params": self.params, "ema": ema}, readings, refresh=True, mutable=["ema"])
        return deviation, updates["ema"]

    def rollback_if_broken(self):
        if bool(jnp.any(jnp.isnan(self.ema["baseline"]))):
            self.ema = self._snapshot
            return True
        return False


class HiveMonitorService:
    def __init__(self, guard: SnapshotGuard):
        self.guard = guard

    def nightly_refresh(self, nights):
        self.guard.snapshot()

        def night(i, carry):
            worst, ema = carry
            deviation, ema = self.guard.step(ema, nights[i])
            return jnp.maximum(worst, jnp.abs(deviation).max()), ema

        worst, self.guard.ema = lax.fori_loop(0, nights.shape[0], night, (jnp.zeros(()), self.guard.ema))
        rolled_back = self.guard.rollback_if_broken()
        return worst, rolled_back


def main():
    model = HiveBaseline()
    nights = jax.random.normal(jax.random.key(7), (10, 24, 5)) + 40.0
    variables = model.init(jax.random.key(0), nights[0])
    service = HiveMonitorService(SnapshotGuard(model, variables))
    service.nightly_refresh(nights)
    return None
