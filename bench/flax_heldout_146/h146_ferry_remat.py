# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the crossing cell is wrapped with nn.remat by a factory and called inside a raw jax.lax.scan body, so its params are created (and written back) inside the trace during init
"""Ferry route planner: rolls a rematerialised recurrent cell over a crossing's waypoints."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class CrossingCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, waypoint):
        z = nn.Dense(self.hidden, name="recur")(h) + nn.Dense(self.hidden, name="inp")(waypoint)
        return jnp.tanh(z)


def make_cell(hidden: int, memory_saving: bool) -> nn.Module:
    cls = nn.remat(CrossingCell) if memory_saving else CrossingCell
    return cls(hidden=hidden)


@dataclass(frozen=True)
class RouteConfig:
    hidden: int = 16
    memory_saving: bool = True


class FuelEstimator(nn.Module):
    cfg: RouteConfig

    def setup(self):
        self.cell = make_cell(self.cfg.hidden, self.cfg.memory_saving)
        self.head = nn.Dense(1)

    def __call__(self, waypoints):
        h0 = jnp.zeros((waypoints.shape[1], self.cfg.hidden))

        def body(h, wp):
            h = self.cell(h, wp)
            return h, self.head(h)

        _, burn = jax.lax.scan(body, h0, waypoints)
        return burn.sum(axis=0)


def main():
    waypoints = jax.random.normal(jax.random.key(0), (10, 3, 4))  # legs x vessels x (wind, tide, load, speed)
    model = FuelEstimator(RouteConfig())
    variables = model.init(jax.random.key(1), waypoints)
    litres = model.apply(variables, waypoints)
    print("fuel", litres.ravel())
    return None
