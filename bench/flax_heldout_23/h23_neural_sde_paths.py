# label: ok
# flax-error: none
# class: 4 module-level unroll() wraps the step in jax.checkpoint and lax.scan; keys split from make_rng before the loop arrive as xs
"""Latent neural SDE integrated with the Euler-Maruyama scheme.

Drift and diffusion are small MLPs of (state, time). `integrate` returns the
Brownian increments alongside the path so that a pathwise estimator can reuse
them.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def unroll(step_fn, init, n_steps, xs=None):
    """Remat-friendly scan used by every solver in this file."""
    return jax.lax.scan(jax.checkpoint(step_fn), init, xs, length=n_steps)


@dataclasses.dataclass(frozen=True)
class SDEConfig:
    dim: int = 3
    hidden: int = 16
    n_steps: int = 8
    t1: float = 1.0


class FieldNet(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        return nn.Dense(self.out)(nn.softplus(nn.Dense(self.hidden)(h)))


class NeuralSDE(nn.Module):
    cfg: SDEConfig

    def setup(self):
        self.drift = FieldNet(self.cfg.hidden, self.cfg.dim)
        self.diffusion = FieldNet(self.cfg.hidden, self.cfg.dim)

    def __call__(self, x, t):
        return self.drift(x, t), nn.softplus(self.diffusion(x, t))

    def _brownian(self, key, shape, dt):
        return jnp.sqrt(dt) * jax.random.normal(key, shape)

    def _em_step(self, dt, carry, key):
        x, t = carry
        mu, sigma = self(x, t)
        dw = self._brownian(key, x.shape, dt)
        return (x + mu * dt + sigma * dw, t + dt), dw

    def integrate(self, x0):
        dt = self.cfg.t1 / self.cfg.n_steps
        step = functools.partial(self._em_step, dt)
        keys = jax.random.split(self.make_rng("brownian"), self.cfg.n_steps)
        (x1, _), dws = unroll(step, (x0, jnp.zeros(())), self.cfg.n_steps, xs=keys)
        return x1, dws


def main():
    cfg = SDEConfig()
    model = NeuralSDE(cfg)
    x0 = jax.random.normal(jax.random.key(0), (5, cfg.dim))
    variables = model.init(jax.random.key(1), x0, jnp.zeros(()))
    solve = jax.jit(lambda v, x, k: model.apply(v, x, method=NeuralSDE.integrate, rngs={"brownian": k}))
    x1, dws = solve(variables, x0, jax.random.key(2))
    float(x1.mean())
    return dws
