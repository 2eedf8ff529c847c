# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ForecastService keeps a pool of BasinSession objects; the while_loop body calls session.model, an nnx module left in train mode whose BatchNorm updates its statistics
"""Combined sewer overflow warning: a forecast service keeps one session per drainage basin and
steps the basin's storage level through a storm until it spills or the storm ends."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class BasinSpec:
    gauges: int = 6
    capacity: float = 5.0


class InflowPredictor(nnx.Module):
    def __init__(self, gauges, rngs):
        self.proj = nnx.Linear(gauges, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, rain):
        return nnx.softplus(self.out(nnx.relu(self.norm(self.proj(rain)))))[..., 0]


class BasinSession:
    def __init__(self, name, spec, rngs):
        self.name = name
        self.spec = spec
        self.model = InflowPredictor(spec.gauges, rngs)


class ForecastService:
    def __init__(self, basins, rngs):
        self._pool = {name: BasinSession(name, spec, rngs) for name, spec in basins.items()}

    def session(self, basin):
        return self._pool[basin]

    def storm_run(self, basin, rainfall):
        session = self.session(basin)

        def cond(state):
            level, t = state
            return (t < rainfall.shape[0]) & (jnp.max(level) < session.spec.capacity)

        def body(state):
            level, t = state
            return level + 0.5 * session.model(rainfall[t]), t + 1

        level, hours = lax.while_loop(cond, body, (jnp.zeros(rainfall.shape[1]), 0))
        return level, hours


def main():
    service = ForecastService({"riverside": BasinSpec(), "old_town": BasinSpec(capacity=3.0)}, nnx.Rngs(0))
    rainfall = jax.random.gamma(jax.random.key(1), 2.0, (24, 3, 6))
    service.storm_run("old_town", rainfall)
    return None
