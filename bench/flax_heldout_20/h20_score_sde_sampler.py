# label: ok
# flax-error: none
# class: 4 make_rng('noise') in _brownian() is folded in with the step index taken from xs; the step is a functools.partial of _em_step scanned by _integrate()
"""Score-based generative model sampled with an Euler-Maruyama reverse-time SDE.

A variance-exploding SDE with a small MLP score network; the sampler scans from
t=1 to t=eps and records the Brownian increments for diagnostics.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SDEConfig:
    dim: int = 3
    hidden: int = 32
    n_steps: int = 8
    sigma_min: float = 0.01
    sigma_max: float = 5.0


class ScoreMLP(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, log_sigma):
        h = jnp.concatenate([x, log_sigma], axis=-1)
        h = nn.silu(nn.Dense(self.hidden)(h))
        h = nn.silu(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h) / jnp.exp(log_sigma)


class VESDESampler(nn.Module):
    cfg: SDEConfig

    def setup(self):
        self.score = ScoreMLP(self.cfg.hidden)

    def __call__(self, x, log_sigma):
        return self.score(x, log_sigma)

    def _sigma(self, t):
        return self.cfg.sigma_min * (self.cfg.sigma_max / self.cfg.sigma_min) ** t

    def _brownian(self, x, step):
        key = jax.random.fold_in(self.make_rng("noise"), step)
        return jax.random.normal(key, x.shape)

    def _em_step(self, x, inp, *, dt):
        step, t = inp
        sigma = self._sigma(t)
        g2 = sigma**2 * 2 * jnp.log(self.cfg.sigma_max / self.cfg.sigma_min)
        drift = g2 * self.score(x, jnp.full(x.shape[:-1] + (1,), jnp.log(sigma)))
        dw = self._brownian(x, step)
        return x + drift * dt + jnp.sqrt(g2 * dt) * dw, dw

    def _integrate(self, x, step_fn):
        ts = jnp.linspace(1.0, 1e-3, self.cfg.n_steps)
        return jax.lax.scan(step_fn, x, (jnp.arange(self.cfg.n_steps), ts))

    def sample(self, x_init):
        step_fn = functools.partial(self._em_step, dt=1.0 / self.cfg.n_steps)
        return self._integrate(x_init, step_fn)


def main():
    cfg = SDEConfig()
    sampler = VESDESampler(cfg)
    x = jnp.zeros((4, cfg.dim))
    variables = sampler.init(jax.random.key(0), x, jnp.zeros((4, 1)))
    x_T = cfg.sigma_max * jax.random.normal(jax.random.key(1), (4, cfg.dim))
    _, increments = sampler.apply(variables, x_T, method=VESDESampler.sample, rngs={"noise": jax.random.key(2)})
    return increments
