# label: ok
# flax-error: none
# class: 4 a jitted sampler uses the lifted nnx.fori_loop with the model (dropout Rngs + step counter) in the carry, through a module-level wrapper
"""Annealed stochastic sampler with a noisy denoiser (excerpt). The model's
RNG stream and an evaluation counter advance inside the loop, so the lifted
nnx.fori_loop is used instead of jax.lax.fori_loop."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class SamplerConfig:
    dim: int = 4
    hidden: int = 32
    steps: int = 8
    sigma_max: float = 1.0
    sigma_min: float = 0.01


class Calls(nnx.Variable):
    pass


class Denoiser(nnx.Module):
    def __init__(self, cfg: SamplerConfig, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(cfg.dim + 1, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, cfg.dim, rngs=rngs)
        self.calls = Calls(jnp.array(0, jnp.int32))
        self.rngs = rngs

    def __call__(self, x, sigma):
        self.calls.value += 1
        h = nnx.silu(self.l1(jnp.concatenate([x, jnp.array([sigma])])))
        return self.l2(self.drop(h))


def sigmas(cfg: SamplerConfig):
    return jnp.geomspace(cfg.sigma_max, cfg.sigma_min, cfg.steps)


def run_loop(n, body, init):
    return nnx.fori_loop(0, n, body, init)


@nnx.jit(static_argnames="cfg")
def sample(model, x, cfg: SamplerConfig):
    sig = sigmas(cfg)

    def body(i, carry):
        model, x, path = carry
        s = sig[i]
        x = x - 0.5 * s * model(x, s)
        x = x + 0.1 * s * jax.random.normal(model.rngs.noise(), x.shape)
        return model, x, path.at[i].set(x)

    _, x, path = run_loop(cfg.steps, body, (model, x, jnp.zeros((cfg.steps, cfg.dim))))
    return x, path


def main():
    cfg = SamplerConfig()
    model = Denoiser(cfg, nnx.Rngs(params=0, dropout=1, noise=2))
    x, path = sample(model, jnp.ones(cfg.dim), cfg)
    assert int(model.calls.value) == cfg.steps
    return path
