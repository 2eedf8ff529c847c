# label: same-values
# flax-error: none
# class: 4 a factory builds a sampler closure over model.apply, params and one noise key; the jax.checkpoint-wrapped body of a raw lax.scan passes that key as rngs every step, and callbacks see the result
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = nn.Dense(32)(jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1))
        eps_hat = nn.Dense(x.shape[-1])(nn.silu(h))
        z = jax.random.normal(self.make_rng("noise"), x.shape)
        return eps_hat, z


@dataclass(frozen=True)
class SamplerConfig:
    steps: int = 6
    sigma: float = 0.1


def make_sampler(model, params, key, cfg: SamplerConfig, callbacks=()):
    @jax.checkpoint
    def step(x, t):
        eps_hat, z = model.apply({"params": params}, x, t, rngs={"noise": key})
        x = x - 0.1 * eps_hat + cfg.sigma * z
        return x, z

    def sample(x_T):
        ts = jnp.linspace(1.0, 0.0, cfg.steps)
        x0, zs = jax.lax.scan(step, x_T, ts)
        for cb in callbacks:
            cb(x0)
        return zs

    return sample


def main():
    model = Denoiser()
    x = jnp.zeros((3, 4))
    params = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x, 1.0)["params"]
    seen = []
    sampler = make_sampler(model, params, jax.random.key(42), SamplerConfig(), callbacks=[seen.append])
    return sampler(x)
