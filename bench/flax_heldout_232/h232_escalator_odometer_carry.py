# label: ok
# flax-error: none
# class: 1 Escalator.__call__ owns the 'wear' odometer variable; its reading enters its own while_loop in the carry and the distance leaves in the result
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class DriveSpec:
    steps: int = 24
    max_runs: int = 6
    service_limit: float = 50.0

    @classmethod
    def from_config(cls, cfg):
        return cls(steps=int(cfg["steps"]), max_runs=int(cfg["max_runs"]), service_limit=float(cfg["limit"]))


class Escalator(nn.Module):
    spec: DriveSpec

    @nn.compact
    def __call__(self, loads):
        odometer = self.variable("wear", "odometer", lambda: jnp.zeros((), jnp.float32))
        chain = nn.Dense(1, name="chain")
        strain0 = chain(loads[0])[0]

        def keep_running(state):
            run, strain, distance = state
            return (run < loads.shape[0]) & (distance < self.spec.service_limit)

        def run_once(state):
            run, strain, distance = state
            pull = jnp.abs(chain(loads[run])[0])
            return run + 1, strain + pull, distance + pull * self.spec.steps

        start = (jnp.int32(0), strain0, odometer.value)
        runs, strain, distance = lax.while_loop(keep_running, run_once, start)
        return runs, strain, distance


def daily_loads(spec: DriveSpec, riders: int = 3):
    t = jnp.arange(spec.max_runs, dtype=jnp.float32)[:, None]
    return 0.05 * (1.0 + jnp.sin(t + jnp.arange(riders, dtype=jnp.float32)))


class DepotService:
    def __init__(self, spec: DriveSpec):
        self.spec = spec
        self.unit = Escalator(spec)

    def inspect(self):
        loads = daily_loads(self.spec)
        variables = self.unit.init(jax.random.key(2), loads)
        runs, strain, distance = self.unit.apply(variables, loads)
        return runs, strain, distance


def main():
    service = DepotService(DriveSpec.from_config({"steps": 24, "max_runs": 6, "limit": 50.0}))
    runs, strain, distance = service.inspect()
    jax.block_until_ready((runs, strain, distance))
    return None
