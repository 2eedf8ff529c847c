# label: ok
# flax-error: none
# class: 4 module-level integrate() receives the model; the running kinetic energy rides in the lax.fori_loop carry, stored after
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
        x, v, kin = state
        v = v + cfg.dt * model(x)
        ke = 0.5 * jnp.mean(v ** 2)
        kin = 0.9 * kin + 0.1 * ke
        lam = jnp.sqrt(1 + cfg.dt / cfg.tau * (cfg.target_T / (kin + 1e-6) - 1))
        v = lam * v
        return x + cfg.dt * v, v, kin

    x, v, kin = lax.fori_loop(0, cfg.n_steps, body, (x, v, model.kinetic.value))
    model.kinetic.value = kin
    return x, v


def main():
    ff = ForceField(3, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (6, 3))
    integrate(ff, x, jnp.zeros_like(x), Integrator())
    return None
