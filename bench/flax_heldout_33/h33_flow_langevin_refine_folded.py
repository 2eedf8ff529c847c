# label: ok
# flax-error: none
# class: 2 refine() draws one self.make_rng('langevin') key before the fori_loop; the body calls the stored functools.partial of _langevin_noise() with that key folded with the step index
"""RealNVP-style normalizing flow with Langevin refinement of samples.

Samples are drawn from the base Gaussian, pushed through affine coupling
layers, and then refined with a few unadjusted Langevin steps on the flow's
log-density. The injected noise is returned for diagnostics.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class FlowConfig:
    dim: int = 4
    hidden: int = 16
    n_couplings: int = 3
    n_langevin: int = 5
    step_size: float = 0.05


class AffineCoupling(nn.Module):
    dim: int
    hidden: int
    flip: bool

    @nn.compact
    def __call__(self, x, inverse=False):
        half = self.dim // 2
        x1, x2 = (x[..., half:], x[..., :half]) if self.flip else (x[..., :half], x[..., half:])
        h = nn.tanh(nn.Dense(self.hidden)(x1))
        log_s = 0.5 * jnp.tanh(nn.Dense(self.dim - half)(h))
        t = nn.Dense(self.dim - half)(h)
        if inverse:
            y2 = (x2 - t) * jnp.exp(-log_s)
            ld = -log_s.sum(-1)
        else:
            y2 = x2 * jnp.exp(log_s) + t
            ld = log_s.sum(-1)
        y = jnp.concatenate([y2, x1], -1) if self.flip else jnp.concatenate([x1, y2], -1)
        return y, ld


class RealNVP(nn.Module):
    cfg: FlowConfig

    def setup(self):
        c = self.cfg
        self.layers = [AffineCoupling(c.dim, c.hidden, flip=bool(i % 2)) for i in range(c.n_couplings)]
        self.noise_fn = functools.partial(self._langevin_noise, (2, c.dim))

    def _langevin_noise(self, shape, key, step):
        return jax.random.normal(jax.random.fold_in(key, step), shape)

    def log_prob(self, x):
        ld_total = 0.0
        for layer in reversed(self.layers):
            x, ld = layer(x, inverse=True)
            ld_total = ld_total + ld
        base = -0.5 * jnp.sum(x ** 2, -1) - 0.5 * self.cfg.dim * jnp.log(2 * jnp.pi)
        return base + ld_total

    def __call__(self, z):
        for layer in self.layers:
            z, _ = layer(z)
        return z

    def refine(self, z):
        c = self.cfg
        x = self(z)
        score = jax.grad(lambda x: self.log_prob(x).sum())
        noises = jnp.zeros((c.n_langevin, *x.shape))
        key = self.make_rng("langevin")

        def body(i, carry):
            x, noises = carry
            eps = self.noise_fn(key, i)
            x = x + c.step_size * score(x) + jnp.sqrt(2 * c.step_size) * eps
            return x, noises.at[i].set(eps)

        x, noises = fori_loop(0, c.n_langevin, body, (x, noises))
        return x, noises


def main():
    cfg = FlowConfig()
    model = RealNVP(cfg)
    z = jax.random.normal(jax.random.PRNGKey(1), (2, cfg.dim))
    variables = model.init(jax.random.PRNGKey(0), z)
    model.apply(variables, z, method=RealNVP.log_prob)
    x, noises = model.apply(variables, z, method=RealNVP.refine, rngs={"langevin": jax.random.PRNGKey(7)})
    return noises
