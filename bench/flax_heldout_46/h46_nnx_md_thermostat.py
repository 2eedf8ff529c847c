# label: trace-context
# flax-error: TraceContextError: Cannot mutate ThermostatState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 module-level integrate() receives the model; its lax.fori_loop body updates the model's thermostat Variable
"""NNX Berendsen-thermostatted MD with a learned force field; the thermostat tracks a running kinetic energy."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ThermostatState(nnx.Variable):
    pass


@dataclass
class Integrator:
    dt: float = 0.005
    n_steps: int = 8
    target_T: float = 1.0
    tau: float = 0.1


class ForceField(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)
        self.kinetic = ThermostatState(jnp.zeros(()))

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def integrate(model: ForceField, x, v, cfg: Integrator):
    def body(i, state):
        x, v = state
        v = v + cfg.dt * model(x)
        ke = 0.5 * jnp.mean(v ** 2)
        model.kinetic.value = 0.9 * model.kinetic.value + 0.1 * ke
        lam = jnp.sqrt(1 + cfg.dt / cfg.tau * (cfg.target_T / (model.kinetic.value + 1e-6) - 1))
        v = lam * v
        return x + cfg.dt * v, v

    return lax.fori_loop(0, cfg.n_steps, body, (x, v))


def main():
    ff = ForceField(3, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (6, 3))
    integrate(ff, x, jnp.zeros_like(x), Integrator())
    return None
