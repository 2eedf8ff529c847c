# label: ok
# flax-error: none
# class: 5 the rollout is a module-level function that gets apply_fn and threads batch_stats through the raw scan carry, returning it from each step
"""Differentiable physics rollout: a symplectic-Euler integrator for a batch of springs plus a
learned residual force (hybrid physics/ML model), unrolled with lax.scan and trained on the
rollout error."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class SimConfig:
    dt: float = 0.05
    stiffness: float = 4.0
    steps: int = 12


class ResidualForce(nn.Module):
    width: int = 32

    @nn.compact
    def __call__(self, state, train: bool):
        h = nn.Dense(self.width)(state)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.tanh(h))


def rollout(apply_fn, params, batch_stats, q0, p0, cfg: SimConfig):
    def step(carry, _):
        q, p, stats = carry
        f_res, upd = apply_fn({"params": params, "batch_stats": stats},
                              jnp.concatenate([q, p], -1), True, mutable=["batch_stats"])
        f = -cfg.stiffness * q + f_res
        p = p + cfg.dt * f
        q = q + cfg.dt * p
        return (q, p, upd["batch_stats"]), q

    (q, p, batch_stats), traj = lax.scan(step, (q0, p0, batch_stats), None, length=cfg.steps)
    return traj, batch_stats


def main():
    cfg = SimConfig()
    q0 = jax.random.normal(jax.random.PRNGKey(1), (16, 1))
    p0 = jnp.zeros((16, 1))
    net = ResidualForce()
    variables = net.init(jax.random.PRNGKey(0), jnp.concatenate([q0, p0], -1), False)

    traj, stats = rollout(net.apply, variables["params"], variables["batch_stats"], q0, p0, cfg)
    out = net.apply({"params": variables["params"], "batch_stats": stats},
                    jnp.concatenate([q0, p0], -1), False)
    out.block_until_ready()
    return None
