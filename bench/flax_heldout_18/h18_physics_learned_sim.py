# label: ok
# flax-error: none
# class: 3 processor blocks built in setup during a one-step init are called from an integrator helper inside an aliased scan in rollout(), run under apply(method=)
"""Learned particle simulator (encode-process-decode) rolled out with a semi-implicit Euler integrator."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SimConfig:
    latent: int = 16
    num_blocks: int = 2
    dt: float = 0.05
    radius: float = 1.0


class InteractionBlock(nn.Module):
    latent: int

    @nn.compact
    def __call__(self, h, adjacency):
        messages = adjacency @ nn.Dense(self.latent)(h)
        return h + nn.Dense(self.latent)(nn.silu(jnp.concatenate([h, messages], -1)))


class GraphNetworkSimulator(nn.Module):
    cfg: SimConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.latent)
        self.processor = [InteractionBlock(self.cfg.latent) for _ in range(self.cfg.num_blocks)]
        self.decoder = nn.Dense(2)

    def _adjacency(self, pos):
        dist = jnp.linalg.norm(pos[:, None] - pos[None], axis=-1)
        adj = (dist < self.cfg.radius).astype(pos.dtype) - jnp.eye(pos.shape[0])
        return adj / jnp.maximum(adj.sum(-1, keepdims=True), 1.0)

    def __call__(self, pos, vel):
        h = self.encoder(jnp.concatenate([pos, vel], -1))
        adj = self._adjacency(pos)
        for block in self.processor:
            h = block(h, adj)
        return self.decoder(h)

    def _euler(self, state):
        pos, vel = state
        acc = self(pos, vel)
        vel = vel + self.cfg.dt * acc
        return pos + self.cfg.dt * vel, vel

    def rollout(self, pos, vel, steps: int):
        def step(state, _):
            state = self._euler(state)
            return state, state[0]

        _, trajectory = scan(step, (pos, vel), None, length=steps)
        return trajectory


def main():
    cfg = SimConfig()
    sim = GraphNetworkSimulator(cfg)
    pos = jax.random.uniform(jax.random.key(0), (6, 2))
    vel = jnp.zeros((6, 2))
    variables = sim.init(jax.random.key(1), pos, vel)
    traj = sim.apply(variables, pos, vel, 8, method=GraphNetworkSimulator.rollout)
    target = pos + 0.1
    jnp.mean((traj[-1] - target) ** 2).block_until_ready()
    return None
