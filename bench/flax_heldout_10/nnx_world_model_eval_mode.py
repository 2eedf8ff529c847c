# label: ok
# flax-error: none
# class: 2 models from a dict attribute bound to locals before the loop; .eval() set from the config; read-only in the raw scan body
"""Dreamer-like imagination rollout (NNX); BatchNorm and Dropout are put in eval mode before the loop."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclass
class RolloutCfg:
    horizon: int = 6
    deterministic: bool = True


class Transition(nnx.Module):
    def __init__(self, z, a, rngs):
        self.lin = nnx.Linear(z + a, z, rngs=rngs)
        self.bn = nnx.BatchNorm(z, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, z, a):
        return z + self.drop(nnx.relu(self.bn(self.lin(jnp.concatenate([z, a], -1)))))


class Imagination:
    def __init__(self, cfg, models):
        self.cfg = cfg
        self.models = models
        if cfg.deterministic:
            for m in models.values():
                m.eval()

    def rollout(self, z0, actions):
        dyn, rew = self.models["dynamics"], self.models["reward"]

        def step(z, a):
            z = dyn(z, a)
            return z, rew(z)[..., 0]

        return scan(step, z0, actions)[1]


def main():
    rngs = nnx.Rngs(0)
    models = {"dynamics": Transition(5, 2, rngs), "reward": nnx.Linear(5, 1, rngs=rngs)}
    imag = Imagination(RolloutCfg(), models)
    rewards = imag.rollout(jnp.ones((3, 5)), jnp.zeros((6, 3, 2)))
    return None
