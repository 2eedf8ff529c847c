# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TurbineService.pool.sessions[site] hands its split state to the scan as carry, and the body parks the module it merged there on session.live
"""Tidal stream energy: per-site wake-aware power forecast served from a pool of model sessions."""
from dataclasses import dataclass
from typing import Any, Dict

import jax
import jax.numpy as jnp
from flax import nnx


class WakeDeficit(nnx.Variable):
    pass


class TurbineArrayModel(nnx.Module):
    def __init__(self, n_turbines, *, rngs):
        self.power_curve = nnx.Linear(2, n_turbines, rngs=rngs)
        self.wake_deficit = WakeDeficit(jnp.zeros((n_turbines,)))

    def __call__(self, current_speed, direction):
        inflow = current_speed * (1.0 - self.wake_deficit[...])
        power = nnx.softplus(self.power_curve(jnp.stack([inflow.mean(), direction])))
        self.wake_deficit[...] = 0.8 * self.wake_deficit[...] + 0.02 * jnp.tanh(power)
        return power


@dataclass
class Session:
    graphdef: Any
    state: Any
    live: Any = None


class SessionPool:
    def __init__(self):
        self.sessions: Dict[str, Session] = {}

    def open(self, site, model):
        graphdef, state = nnx.split(model)
        self.sessions[site] = Session(graphdef, state, model)
        return self.sessions[site]


class TurbineService:
    def __init__(self, pool):
        self.pool = pool

    def forecast(self, site, tide):
        session = self.pool.sessions[site]

        def slack_to_flood(state, obs):
            model = nnx.merge(session.graphdef, state)
            power = model(obs[0], obs[1])
            session.live = model  # keep the freshest model for the health endpoint
            return nnx.state(model), power.sum()

        session.state, energy = jax.lax.scan(slack_to_flood, session.state, tide)
        return energy

    def health(self, site):
        return {"max_wake": jnp.max(self.pool.sessions[site].live.wake_deficit[...])}


def main():
    t = jnp.linspace(0.0, 6.2, 13)
    tide = jnp.stack([2.5 * jnp.abs(jnp.sin(t)), jnp.cos(t)], axis=-1)  # speed m/s, direction
    pool = SessionPool()
    pool.open("pentland-north", TurbineArrayModel(4, rngs=nnx.Rngs(0)))
    service = TurbineService(pool)
    service.forecast("pentland-north", tide)
    jax.block_until_ready(service.health("pentland-north"))
    return None
