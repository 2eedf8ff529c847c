# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the propagator's compact __call__ runs the while_loop and first creates its correction Dense inside the body, so init stores parameters made inside the loop
"""Satellite telemetry: an orbit propagator with a learned drag correction, stepped until the horizon."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class PropagatorConfig:
    state_dim: int = 6
    dt: float = 0.1
    horizon: float = 1.0


class OrbitPropagator(nn.Module):
    cfg: PropagatorConfig

    @nn.compact
    def __call__(self, state):
        drag = nn.Dense(self.cfg.state_dim, name="drag_correction",
                        kernel_init=nn.initializers.normal(0.01))

        def cond(carry):
            t, _ = carry
            return t < self.cfg.horizon

        def step(carry):
            t, x = carry
            velocity = jnp.roll(x, 3, axis=-1)
            return t + self.cfg.dt, x + self.cfg.dt * (velocity + drag(x))

        _, final = lax.while_loop(cond, step, (jnp.float32(0.0), state))
        return final


class PropagationService:
    def __init__(self, cfg):
        self.model = OrbitPropagator(cfg)
        self.variables = None

    def warm_up(self, key, state):
        self.variables = self.model.init(key, state)

    def propagate(self, state):
        return self.model.apply(self.variables, state)


def main():
    cfg = PropagatorConfig()
    state = jax.random.normal(jax.random.key(0), (3, cfg.state_dim))
    service = PropagationService(cfg)
    service.warm_up(jax.random.key(1), state)
    final = service.propagate(state)
    final.block_until_ready()
    return None
