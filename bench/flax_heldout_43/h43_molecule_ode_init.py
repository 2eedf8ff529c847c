# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 helper rk4_step receives the module's vector-field submodule as `f`; jax.lax.fori_loop runs it first during init
"""Neural ODE for molecular conformer relaxation, integrated with a fixed-step RK4 solver."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class SolverConfig:
    n_steps: int = 8
    dt: float = 0.05


def rk4_step(f, y, t, dt):
    k1 = f(y, t)
    k2 = f(y + 0.5 * dt * k1, t + 0.5 * dt)
    k3 = f(y + 0.5 * dt * k2, t + 0.5 * dt)
    k4 = f(y + dt * k3, t + dt)
    return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


class ForceField(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, pos, t):
        n, d = pos.shape
        h = nn.Dense(self.hidden)(jnp.concatenate([pos, jnp.full((n, 1), t)], -1))
        return nn.Dense(d)(nn.silu(h))


class ConformerODE(nn.Module):
    cfg: SolverConfig = SolverConfig()

    @nn.compact
    def __call__(self, pos0):
        field = ForceField()
        cfg = self.cfg

        def body(i, y):
            return rk4_step(field, y, i * cfg.dt, cfg.dt)

        return jax.lax.fori_loop(0, cfg.n_steps, body, pos0)


def main():
    pos0 = jax.random.normal(jax.random.key(1), (9, 3))
    model = ConformerODE()
    params = model.init(jax.random.key(0), pos0)
    relaxed = model.apply(params, pos0)
    relaxed.block_until_ready()
    return None
