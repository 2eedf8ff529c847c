# label: ok
# flax-error: none
# class: 4 the absorbed amount is carried through the integrate() wrapper's state and written to the 'dosing' variable after the loop, with mutable=['dosing']
"""Neural ODE for two-compartment pharmacokinetics with a mass-balance record.

A learned absorption rate modulates transfer from the gut compartment to plasma; elimination
is a learned clearance. The absorbed amount rides along in the ODE state.
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


class MassBalance(nn.Module):
    @nn.compact
    def record(self, absorbed):
        total = self.variable("dosing", "absorbed", jnp.zeros, ())
        total.value = total.value + absorbed
        return total.value


class TwoCompartment(nn.Module):
    cfg: PKConfig

    def setup(self):
        self.rates = RateNet(self.cfg.hidden)
        self.balance = MassBalance()

    def rhs(self, state, t):
        ka, ke = self.rates(state[:2], t)
        transfer = ka * state[0]
        return jnp.stack([-transfer, transfer - ke * state[1], transfer])

    def __call__(self, dose):
        x0 = jnp.stack([dose, jnp.zeros(()), jnp.zeros(())])
        ka0, _ = self.rates(x0[:2], jnp.zeros(()))
        final, path = integrate(self.rhs, x0, self.cfg.steps, self.cfg.dt)
        self.balance.record(final[2])
        return path[:, :2], ka0


def main():
    cfg = PKConfig()
    model = TwoCompartment(cfg)
    variables = model.init(jax.random.key(0), jnp.asarray(1.0))
    params = {"params": variables["params"]}
    (path, ka0), state = jax.jit(lambda v, d: model.apply(v, d, mutable=["dosing"]))(params, jnp.asarray(2.0))
    print("plasma curve", path[:, 1], "absorbed", float(state["dosing"]["balance"]["absorbed"]))
    return None
