# label: ok
# flax-error: none
# class: 5 a mixed-precision Policy wraps model.apply; the scan walks over pre-split keys and passes one as the "noise" rng at each step
"""Mixed-precision policy wrapper around a rematerialized noisy denoiser (diffusion-style sampler)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class NoisyBlock(nn.Module):
    @nn.compact
    def __call__(self, x):
        eps = jax.random.normal(self.make_rng("noise"), x.shape, x.dtype)
        return nn.Dense(x.shape[-1])(x) + 0.1 * eps, eps


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x):
        block = nn.remat(NoisyBlock)()
        return block(x)


@dataclasses.dataclass
class Policy:
    compute_dtype: jnp.dtype = jnp.bfloat16
    output_dtype: jnp.dtype = jnp.float32

    def cast_to_compute(self, tree):
        return jax.tree.map(lambda a: a.astype(self.compute_dtype), tree)

    def cast_to_output(self, tree):
        return jax.tree.map(lambda a: a.astype(self.output_dtype), tree)


class PolicyApply:
    def __init__(self, model, policy):
        self.model, self.policy = model, policy

    def __call__(self, variables, x, **kw):
        out = self.model.apply(self.policy.cast_to_compute(variables), self.policy.cast_to_compute(x), **kw)
        return self.policy.cast_to_output(out)


class Sampler:
    def __init__(self, apply_fn, variables, rng):
        self.apply_fn, self.variables, self.rng = apply_fn, variables, rng

    def sample(self, x0, steps):
        keys = jax.random.split(self.rng, steps)

        def body(x, key):
            x, eps = self.apply_fn(self.variables, x, rngs={"noise": key})
            return x, eps

        return jax.lax.scan(body, x0, keys)[1]


def main():
    model = Denoiser()
    x0 = jnp.zeros((2, 4))
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x0)
    sampler = Sampler(PolicyApply(model, Policy()), variables, jax.random.key(3))
    return sampler.sample(x0, steps=4)
