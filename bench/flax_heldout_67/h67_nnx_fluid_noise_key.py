# label: same-values
# flax-error: none
# class: 4 a module-level noisy_rollout receives the simulator and one key; the scan body calls sim.perturb(x, key) with that same key every step
"""Learned particle simulator trained with input-noise rollouts (pushforward-style noise on positions)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class RolloutConfig:
    steps: int = 6
    noise_std: float = 1e-3


class ParticleSim(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mlp = nnx.Sequential(nnx.Linear(4, 32, rngs=rngs), nnx.relu, nnx.Linear(32, 2, rngs=rngs))

    def perturb(self, pos, key, std):
        return std * jax.random.normal(key, pos.shape)

    def __call__(self, pos, vel):
        return self.mlp(jnp.concatenate([pos, vel], -1))


def noisy_rollout(sim, pos, vel, key, cfg: RolloutConfig):
    def body(carry, _):
        p, v = carry
        eps = sim.perturb(p, key, cfg.noise_std)
        a = sim(p + eps, v)
        v = v + 0.01 * a
        return (p + 0.01 * v, v), eps

    _, eps = jax.lax.scan(body, (pos, vel), None, length=cfg.steps)
    return eps


def main():
    sim = ParticleSim(nnx.Rngs(0))
    pos = jax.random.uniform(jax.random.key(1), (32, 2))
    return noisy_rollout(sim, pos, jnp.zeros_like(pos), jax.random.key(2), RolloutConfig())
