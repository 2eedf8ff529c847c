# label: ok
# flax-error: none
# class: 2 BatchNorm block bound to local `block` and called once before the loop; the config selects eval mode
"""World-model rollout for planning; the BatchNorm dynamics net runs in eval mode chosen outside."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class WMConfig:
    latent: int = 8
    horizon: int = 5
    train: bool = False


class DynamicsBlock(nn.Module):
    latent: int

    @nn.compact
    def __call__(self, z, a, train: bool):
        h = nn.Dense(self.latent)(jnp.concatenate([z, a], -1))
        h = nn.BatchNorm(use_running_average=not train)(h)
        return z + nn.relu(h)


class WorldModel(nn.Module):
    cfg: WMConfig

    @nn.compact
    def __call__(self, z0, actions):
        block = DynamicsBlock(self.cfg.latent)
        z = block(z0, actions[0], self.cfg.train)

        def imagine(z, a):
            z = block(z, a, self.cfg.train)
            return z, z

        return lax.scan(imagine, z, actions[1:])[1]


def plan_value(model, variables, z0, actions):
    traj = model.apply(variables, z0, actions)
    return -jnp.sum(traj ** 2)


def main():
    cfg = WMConfig()
    model = WorldModel(cfg)
    z0 = jnp.ones((4, cfg.latent))
    actions = jnp.zeros((cfg.horizon, 4, 2))
    variables = model.init(jax.random.key(0), z0, actions)
    v = plan_value(model, variables, z0, actions)
    g = jax.grad(plan_value, argnums=3)(model, variables, z0, actions)
    return None
