# label: same-values
# flax-error: none
# class: 4 make_rng('noise') in _fresh_noise(), reached through a functools.partial of _ancestral_step scanned by _reverse_process()
"""DDPM ancestral sampling with a small conditional score network.

ScoreNet predicts the noise eps(x_t, t). The sampler module owns the schedule and
runs the reverse process with a raw lax.scan over the timesteps.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DiffusionConfig:
    dim: int = 4
    hidden: int = 32
    steps: int = 8
    beta_min: float = 1e-3
    beta_max: float = 0.2


class ScoreNet(nn.Module):
    hidden: int
    dim: int

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.concatenate([jnp.sin(t * 3.0), jnp.cos(t * 3.0)], axis=-1)
        h = nn.swish(nn.Dense(self.hidden)(jnp.concatenate([x, temb], axis=-1)))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(self.dim)(h)


class DDPMSampler(nn.Module):
    cfg: DiffusionConfig

    def setup(self):
        self.eps_model = ScoreNet(self.cfg.hidden, self.cfg.dim)
        self.betas = jnp.linspace(self.cfg.beta_min, self.cfg.beta_max, self.cfg.steps)

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def _fresh_noise(self, like):
        return jax.random.normal(self.make_rng("noise"), like.shape)

    def _ancestral_step(self, x, t, *, alphas, alpha_bars):
        tt = jnp.full((x.shape[0], 1), t / self.cfg.steps)
        eps = self.eps_model(x, tt)
        a, ab = alphas[t], alpha_bars[t]
        mean = (x - (1 - a) / jnp.sqrt(1 - ab) * eps) / jnp.sqrt(a)
        z = self._fresh_noise(x)
        return mean + jnp.sqrt(1 - a) * z, z

    def _reverse_process(self, x_T, step_fn):
        ts = jnp.arange(self.cfg.steps - 1, -1, -1)
        return jax.lax.scan(lambda x, t: step_fn(x, t), x_T, ts)

    def sample(self, x_T):
        alphas = 1.0 - self.betas
        step_fn = functools.partial(self._ancestral_step, alphas=alphas, alpha_bars=jnp.cumprod(alphas))
        x0, injected = self._reverse_process(x_T, step_fn)
        return x0, injected


def main():
    cfg = DiffusionConfig()
    sampler = DDPMSampler(cfg)
    x = jnp.zeros((3, cfg.dim))
    variables = sampler.init(jax.random.key(0), x, jnp.zeros((3, 1)))
    x_T = jax.random.normal(jax.random.key(1), (3, cfg.dim))
    _, injected = sampler.apply(variables, x_T, method=DDPMSampler.sample, rngs={"noise": jax.random.key(7)})
    return injected
