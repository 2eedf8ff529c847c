# label: ok
# flax-error: none
# class: 4 the scan body is the __call__ of a frozen dataclass step that folds the step index into the jitter key the planner drew once from the swarm's nnx.Rngs stream
"""Drone swarm formation: per-step jitter keeps drones from locking into resonant paths."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FormationPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, pos, target):
        return jnp.tanh(self.lin(jnp.concatenate([pos, target], axis=-1)))


@dataclass(frozen=True)
class SwarmConfig:
    n_drones: int = 6
    n_steps: int = 10
    jitter: float = 0.02


class Planner:
    def __init__(self, policy: FormationPolicy, rngs: nnx.Rngs):
        self.policy = policy
        self.jitter_key = rngs.jitter()


@dataclass(frozen=True, eq=False)
class FormationStep:
    planner: Planner
    cfg: SwarmConfig
    target: jax.Array

    def __call__(self, pos, t):
        velocity = self.planner.policy(pos, self.target)
        noise = self.cfg.jitter * jax.random.normal(jax.random.fold_in(self.planner.jitter_key, t), pos.shape)
        return pos + 0.1 * velocity + noise, noise


class Swarm:
    def __init__(self, cfg: SwarmConfig, seed: int):
        rngs = nnx.Rngs(params=seed, jitter=seed + 1)
        self.cfg = cfg
        self.planner = Planner(FormationPolicy(rngs), rngs)

    def fly(self, start, target):
        step = FormationStep(self.planner, self.cfg, target)
        _, noise = jax.lax.scan(step, start, jnp.arange(self.cfg.n_steps))
        return noise


def main():
    cfg = SwarmConfig()
    swarm = Swarm(cfg, seed=4)
    start = jnp.stack([jnp.linspace(-1, 1, cfg.n_drones), jnp.zeros(cfg.n_drones)], axis=-1)
    return swarm.fly(start, jnp.zeros((cfg.n_drones, 2)))


if __name__ == "__main__":
    print(main()[:, 0])
