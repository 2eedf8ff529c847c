# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the simulator's adaptation helper, called from _step inside the scan body of rollout(), takes nnx.grad over the residual-force module held by the simulator
"""Hybrid physics simulator: an analytic spring integrator plus a learned residual force adapted at test time."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SimConfig:
    particles: int = 5
    dt: float = 0.05
    stiffness: float = 4.0
    adapt_lr: float = 1e-2
    steps: int = 6


class ResidualForce(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, pos, vel):
        return 0.1 * self.out(nnx.silu(self.hidden(jnp.concatenate([pos, vel], -1))))


def spring_force(pos, k):
    centroid = pos.mean(0, keepdims=True)
    return -k * (pos - centroid)


def energy_drift(residual_net, pos, vel, k):
    acc = spring_force(pos, k) + residual_net(pos, vel)
    kinetic = 0.5 * jnp.sum((vel + acc) ** 2)
    potential = 0.5 * k * jnp.sum((pos - pos.mean(0)) ** 2)
    return (kinetic + potential - 1.0) ** 2


class HybridSimulator:
    def __init__(self, cfg, residual_net):
        self.cfg, self.residual_net = cfg, residual_net

    def _adapt(self, pos, vel):
        grads = nnx.grad(energy_drift)(self.residual_net, pos, vel, self.cfg.stiffness)
        return jax.tree.map(lambda g: -self.cfg.adapt_lr * g, grads)

    def _step(self, pos, vel):
        delta = self._adapt(pos, vel)
        learned = self.residual_net(pos, vel)
        acc = spring_force(pos, self.cfg.stiffness) + learned
        vel = vel + self.cfg.dt * acc
        return pos + self.cfg.dt * vel, vel, delta

    def rollout(self, pos, vel):
        def body(state, _):
            pos, vel, delta = self._step(*state)
            shift = jnp.sqrt(sum(jnp.sum(d ** 2) for d in jax.tree.leaves(delta)))
            return (pos, vel), (jnp.linalg.norm(pos, axis=-1), shift)

        _, (radii, shifts) = jax.lax.scan(body, (pos, vel), None, length=self.cfg.steps)
        return radii, shifts


def main():
    cfg = SimConfig()
    sim = HybridSimulator(cfg, ResidualForce(nnx.Rngs(0)))
    pos = jax.random.normal(jax.random.key(1), (cfg.particles, 2))
    vel = jnp.zeros_like(pos)
    radii, shifts = sim.rollout(pos, vel)
    radii.block_until_ready()
    return None
