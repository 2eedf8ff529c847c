# label: ok
# flax-error: none
# class: 5 a sampler factory draws a key from the Rngs sample stream when it builds the step function; each scan step folds in its index
"""A small diffusion-style sampler (Langevin updates on a learned score network) built by a factory."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ScoreNet(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        t_feat = jnp.broadcast_to(t, x.shape[:-1] + (1,))
        return self.l2(nnx.silu(self.l1(jnp.concatenate([x, t_feat], -1))))


@dataclasses.dataclass
class SamplerConfig:
    steps: int = 6
    step_size: float = 0.05


def make_langevin_step(model, rngs: nnx.Rngs, config: SamplerConfig):
    key = rngs.sample()

    def step(x, inputs):
        i, t = inputs
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x + config.step_size * model(x, t) + jnp.sqrt(2 * config.step_size) * z
        return x, z

    return step


def main():
    config = SamplerConfig()
    rngs = nnx.Rngs(params=0, sample=1)
    model = ScoreNet(3, rngs=rngs)
    model.eval()
    step = make_langevin_step(model, rngs, config)
    ts = jnp.linspace(1.0, 0.0, config.steps)
    _, zs = lax.scan(step, jnp.zeros((4, 3)), (jnp.arange(config.steps), ts))
    return zs
