# label: ok
# flax-error: none
# class: 4 FloodForecastService.forecast splits self.pool.acquire(basin).model, carries its state in the while_loop carry, merges it in the body and updates the pooled model afterwards
"""Flood forecasting service: one stateful runoff model per river basin lives in a session
pool; a forecast request steps the basin forward hour by hour until the hydrograph peak has
passed or the horizon is reached."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class SoilMoisture(nnx.Variable):
    pass


class RequestCount(nnx.Variable):
    pass


class RunoffModel(nnx.Module):
    def __init__(self, n_cells, rngs):
        self.infiltration = nnx.Linear(n_cells, n_cells, rngs=rngs)
        self.moisture = SoilMoisture(jnp.full((n_cells,), 0.3))
        self.calls = RequestCount(jnp.zeros((), jnp.int32))

    def __call__(self, rain):
        soak = nnx.sigmoid(self.infiltration(self.moisture[...]))
        self.moisture[...] = jnp.clip(0.9 * self.moisture[...] + 0.1 * soak * rain, 0.0, 1.0)
        self.calls[...] = self.calls[...] + 1
        return jnp.sum(rain * (1.0 - soak))


@dataclasses.dataclass
class BasinSession:
    basin: str
    model: RunoffModel


class SessionPool:
    def __init__(self, n_cells, basins):
        self._sessions = {b: BasinSession(b, RunoffModel(n_cells, nnx.Rngs(i))) for i, b in enumerate(basins)}

    def acquire(self, basin):
        return self._sessions[basin]


class FloodForecastService:
    def __init__(self, pool, horizon=48):
        self.pool = pool
        self.horizon = horizon

    def forecast(self, basin, rain):
        session = self.pool.acquire(basin)
        graphdef, model_state = nnx.split(session.model)

        def before_peak(state):
            hour, runoff, prev, _ = state
            return (hour < self.horizon) & ((hour < 3) | (runoff >= prev))

        def advance(state):
            hour, runoff, _, model_state = state
            model = nnx.merge(graphdef, model_state)
            new = model(rain[hour])
            return hour + 1, new, runoff, nnx.state(model)

        init = (0, jnp.float32(0.0), jnp.float32(-1.0), model_state)
        hour, peak, _, model_state = while_loop(before_peak, advance, init)
        nnx.update(session.model, model_state)
        return hour, peak


def main():
    n_cells, horizon = 6, 48
    rain = jax.random.uniform(jax.random.key(0), (horizon, n_cells)) * jnp.linspace(2.0, 0.0, horizon)[:, None]
    service = FloodForecastService(SessionPool(n_cells, ["upper_reach", "delta"]), horizon)
    hour, peak = service.forecast("delta", rain)
    print(hour, peak)
    return None
