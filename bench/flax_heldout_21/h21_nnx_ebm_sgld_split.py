# label: ok
# flax-error: none
# class: 4 the sampler splits one key from its Rngs into per-step keys passed as lax.scan xs to a body wrapping a functools.partial SGLD step
"""Energy-based model sampling with annealed stochastic gradient Langevin dynamics (SGLD)."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class SGLDConfig:
    dim: int = 2
    hidden: int = 32
    n_steps: int = 6
    n_chains: int = 5
    step_size: float = 0.05
    noise_scale: float = 0.01


class EnergyNet(nnx.Module):
    def __init__(self, cfg, rngs):
        self.l1 = nnx.Linear(cfg.dim, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.swish(self.l2(nnx.swish(self.l1(x))))
        return self.out(h)[..., 0] + 0.05 * jnp.sum(x ** 2, axis=-1)


def sgld_step(energy, cfg, key, x, t):
    eta = cfg.step_size / (1.0 + 0.1 * t)
    grad_e = jax.grad(lambda x: energy(x).sum())(x)
    xi = jax.random.normal(key, x.shape)
    x = x - 0.5 * eta * grad_e + cfg.noise_scale * jnp.sqrt(eta) * xi
    return x, xi


class SGLDSampler(nnx.Module):
    def __init__(self, energy, cfg, rngs):
        self.energy, self.cfg, self.rngs = energy, cfg, rngs

    def init_chains(self):
        return jax.random.uniform(self.rngs.init(), (self.cfg.n_chains, self.cfg.dim), minval=-2, maxval=2)

    def sample(self, x0):
        keys = jax.random.split(self.rngs.sgld(), self.cfg.n_steps)
        step = functools.partial(sgld_step, self.energy, self.cfg)
        ts = jnp.arange(self.cfg.n_steps, dtype=jnp.float32)
        return jax.lax.scan(lambda x, kt: step(kt[0], x, kt[1]), x0, (keys, ts))


def contrastive_divergence(energy, x_data, x_model):
    return energy(x_data).mean() - energy(x_model).mean()


def main():
    cfg = SGLDConfig()
    rngs = nnx.Rngs(params=0, init=1, sgld=2)
    energy = EnergyNet(cfg, rngs)
    sampler = SGLDSampler(energy, cfg, rngs)
    x_model, noise = sampler.sample(sampler.init_chains())
    x_data = jax.random.normal(jax.random.key(4), (cfg.n_chains, cfg.dim)) * 0.5 + 1.0
    print(float(contrastive_divergence(energy, x_data, x_model)))
    return noise
