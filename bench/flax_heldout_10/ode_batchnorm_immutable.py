# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/Dynamics_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 partial(dyn, use_running_average=False) handed to module-level euler() whose fori_loop body updates batch_stats; apply without mutable
"""Latent ODE encoder; the config picks train mode but the eval helper forgets mutable=."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class EncCfg:
    latent: int = 4
    steps: int = 4
    mode: str = "train"


def euler(f, y0, n, dt):
    return lax.fori_loop(0, n, lambda i, y: y + dt * f(y), y0)


class Dynamics(nn.Module):
    latent: int

    @nn.compact
    def __call__(self, z, use_running_average):
        z = nn.Dense(self.latent)(z)
        return nn.BatchNorm(use_running_average=use_running_average)(z)


class LatentODE(nn.Module):
    cfg: EncCfg

    @nn.compact
    def __call__(self, x):
        z0 = nn.Dense(self.cfg.latent, name="enc")(x)
        dyn = Dynamics(self.cfg.latent)
        ura = self.cfg.mode != "train"
        dyn(z0, True)  # init path: parameters and batch stats exist before the loop
        f = partial(dyn, use_running_average=ura)
        return euler(f, z0, self.cfg.steps, 0.25)


def evaluate(model, variables, x):
    return model.apply(variables, x)


def main():
    model = LatentODE(EncCfg())
    x = jnp.ones((8, 3))
    variables = model.init(jax.random.key(0), x)
    z = evaluate(model, variables, x)
    return None
