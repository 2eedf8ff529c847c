# label: ok
# flax-error: none
# class: 2 the module's method draws one key from self.make_rng('noise') before the loop and feeds per-step subkeys to the raw lax.scan as xs
"""Forward (noising) process of a DDPM-style model, written as a Linen module.

`ForwardProcess.trajectory` walks x_0 -> x_T with a raw `jax.lax.scan`; one key is taken
from the module's 'noise' RNG stream outside the loop and split into one subkey per
timestep, scanned alongside the betas.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ScheduleConfig:
    num_steps: int = 6
    beta_start: float = 1e-4
    beta_end: float = 0.02


def linear_beta_schedule(cfg: ScheduleConfig):
    return jnp.linspace(cfg.beta_start, cfg.beta_end, cfg.num_steps)


class ForwardProcess(nn.Module):
    cfg: ScheduleConfig

    def setup(self):
        self.betas = linear_beta_schedule(self.cfg)
        self.proj = nn.Dense(8)

    def trajectory(self, x0):
        x0 = self.proj(x0)
        keys = jax.random.split(self.make_rng("noise"), self.cfg.num_steps)

        def step(x, inp):
            beta, key = inp
            eps = jax.random.normal(key, x.shape)
            x = jnp.sqrt(1.0 - beta) * x + jnp.sqrt(beta) * eps
            return x, eps

        x_T, noises = jax.lax.scan(step, x0, (self.betas, keys))
        return noises

    def __call__(self, x0):
        return self.trajectory(x0)


def main():
    cfg = ScheduleConfig()
    fp = ForwardProcess(cfg)
    x0 = jnp.ones((2, 3))
    params = fp.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    noises = fp.apply(params, x0, rngs={"noise": jax.random.PRNGKey(2)})
    return noises
