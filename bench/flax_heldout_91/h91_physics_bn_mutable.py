# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BatchNorm inside the learned-correction net runs in training mode inside a raw scan closure while batch_stats is mutable, so the stored running stats are scan tracers
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


class HybridSimulator(nn.Module):
    cfg: SimConfig

    @nn.compact
    def __call__(self, q0, p0, train: bool = True):
        force_net = ResidualForce()
        cfg = self.cfg

        def step(carry, _):
            q, p = carry
            f = -cfg.stiffness * q + force_net(jnp.concatenate([q, p], -1), train)
            p = p + cfg.dt * f
            q = q + cfg.dt * p
            return (q, p), q

        if self.is_initializing():  # create the force-net params outside the scan trace
            force_net(jnp.concatenate([q0, p0], -1), train)
        (q, p), traj = lax.scan(step, (q0, p0), None, length=cfg.steps)
        return traj


def main():
    cfg = SimConfig()
    q0 = jax.random.normal(jax.random.PRNGKey(1), (16, 1))
    p0 = jnp.zeros((16, 1))
    model = HybridSimulator(cfg)
    variables = model.init(jax.random.PRNGKey(0), q0, p0, train=False)

    traj, updates = model.apply(variables, q0, p0, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    eval_traj = model.apply(variables, q0, p0, train=False)
    eval_traj.block_until_ready()
    return None
