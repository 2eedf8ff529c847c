# label: same-values
# flax-error: none
# class: 3 a BrownianIncrement submodule calls make_rng and is reached from the _em_step method inside the scan body of LatentSDE.sample_path
"""Latent SDE prior sampled with Euler-Maruyama; returns the Brownian increments per step."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SDEConfig:
    latent: int = 4
    hidden: int = 16
    dt: float = 0.05
    num_steps: int = 10


class MLP(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.out)(nn.tanh(nn.Dense(self.hidden)(x)))


class BrownianIncrement(nn.Module):
    @nn.compact
    def __call__(self, shape, dt):
        return jnp.sqrt(dt) * jax.random.normal(self.make_rng("brownian"), shape)


class LatentSDE(nn.Module):
    cfg: SDEConfig

    def setup(self):
        self.drift = MLP(self.cfg.hidden, self.cfg.latent)
        self.diffusion = MLP(self.cfg.hidden, self.cfg.latent)
        self.increment = BrownianIncrement()

    def __call__(self, y):
        return self.drift(y), nn.softplus(self.diffusion(y))

    def _em_step(self, y):
        mu, sigma = self(y)
        dw = self.increment(y.shape, self.cfg.dt)
        return y + mu * self.cfg.dt + sigma * dw, dw

    def sample_path(self, y0):
        def body(y, _):
            y_next, dw = self._em_step(y)
            return y_next, (y_next, dw)

        _, (ys, dws) = jax.lax.scan(body, y0, None, length=self.cfg.num_steps)
        return ys, dws


def main():
    cfg = SDEConfig()
    model = LatentSDE(cfg)
    y0 = jnp.zeros((2, cfg.latent))
    variables = model.init(jax.random.key(0), y0)
    ys, dws = model.apply(variables, y0, method=LatentSDE.sample_path,
                          rngs={"brownian": jax.random.key(42)})
    print("terminal state", ys[-1])
    return dws
