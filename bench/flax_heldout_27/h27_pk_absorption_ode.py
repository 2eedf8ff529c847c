# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "absorbed" in "/" because collection "dosing" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the rhs given to a module-level integrate() wrapper writes a 'dosing' variable through a helper; apply receives the collection but not as mutable
"""Neural ODE for two-compartment pharmacokinetics.

A learned absorption rate modulates transfer from the gut compartment to plasma; elimination
is a learned clearance. The absorbed amount is tracked for mass-balance checks.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class PKConfig:
    hidden: int = 6
    dt: float = 0.25
    steps: int = 8


def integrate(f, x0, n, dt):
    def euler(x, t):
        return x + dt * f(x, t), x
    return scan(euler, x0, jnp.arange(n) * dt)


class RateNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, conc, t):
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([conc, t[None]])))
        return nn.softplus(nn.Dense(2)(h))


class TwoCompartment(nn.Module):
    cfg: PKConfig

    def setup(self):
        self.rates = RateNet(self.cfg.hidden)
        self.absorbed = self.variable("dosing", "absorbed", jnp.zeros, ())

    def _log_transfer(self, amount):
        self.absorbed.value = self.absorbed.value + amount * self.cfg.dt

    def rhs(self, state, t):
        ka, ke = self.rates(state, t)
        transfer = ka * state[0]
        self._log_transfer(transfer)
        return jnp.stack([-transfer, transfer - ke * state[1]])

    def __call__(self, dose):
        x0 = jnp.stack([dose, jnp.zeros(())])
        ka0, _ = self.rates(x0, jnp.zeros(()))
        _, path = integrate(self.rhs, x0, self.cfg.steps, self.cfg.dt)
        return path, ka0


def main():
    cfg = PKConfig()
    model = TwoCompartment(cfg)
    variables = model.init(jax.random.key(0), jnp.asarray(1.0))
    patient = {"params": variables["params"], "dosing": {"absorbed": jnp.zeros(())}}
    path, ka0 = jax.jit(model.apply)(patient, jnp.asarray(2.0))
    print("plasma curve", path[:, 1], "initial ka", float(ka0))
    return None
