# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "prev_x0" in "/self_cond" because collection "buffers" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the SelfCondition submodule of the Denoiser writes its 'buffers' variable inside the fori_loop body of sample(), applied from a Sampler class without mutable
"""Denoising sampler with self-conditioning on the previous clean-data estimate."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DiffusionConfig:
    dim: int = 6
    hidden: int = 16
    num_steps: int = 5


class SelfCondition(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, x0_estimate):
        prev = self.variable("buffers", "prev_x0", jnp.zeros, x0_estimate.shape)
        merged = jnp.concatenate([x0_estimate, prev.value], -1)
        prev.value = x0_estimate
        return nn.Dense(self.dim)(merged)


class Denoiser(nn.Module):
    config: DiffusionConfig

    def setup(self):
        self.time_embed = nn.Dense(self.config.hidden)
        self.body = nn.Dense(self.config.hidden)
        self.out = nn.Dense(self.config.dim)
        self.self_cond = SelfCondition(self.config.dim)

    def __call__(self, x, t):
        h = nn.silu(self.body(x) + self.time_embed(t[..., None]))
        return self.self_cond(self.out(h))

    def sample(self, x_T):
        steps = self.config.num_steps

        def body(i, x):
            t = jnp.full(x.shape[:1], 1.0 - i / steps)
            x0 = self(x, t)
            return x + (x0 - x) / (steps - i)

        return jax.lax.fori_loop(0, steps, body, x_T)


class Sampler:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def __call__(self, key, n):
        x_T = jax.random.normal(key, (n, self.model.config.dim))
        return self.model.apply(self.variables, x_T, method=Denoiser.sample)


def main():
    config = DiffusionConfig()
    model = Denoiser(config)
    x = jnp.zeros((3, config.dim))
    variables = model.init(jax.random.key(0), x, jnp.ones((3,)))
    sampler = Sampler(model, variables)
    samples = sampler(jax.random.key(1), 3)
    assert samples.shape == (3, config.dim)
    return None
