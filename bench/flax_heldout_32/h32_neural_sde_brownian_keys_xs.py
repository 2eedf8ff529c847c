# label: ok
# flax-error: none
# class: 4 a bound NeuralSDE reaches the scan body of the module-level integrate() through functools.partial(em_step, sde); the Brownian keys are split up front and scanned as xs
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

DIM, N_STEPS, T1 = 2, 6, 1.0


class NeuralSDE(nn.Module):
    def setup(self):
        self.hidden = nn.Dense(16)
        self.out = nn.Dense(DIM)
        self.log_sigma = self.param("log_sigma", nn.initializers.constant(-1.0), (DIM,))

    def drift(self, t, y):
        return self.out(nn.tanh(self.hidden(jnp.concatenate([y, t[None]]))))

    def diffusion(self, t, y):
        return jnp.exp(self.log_sigma)

    def brownian_keys(self, n):
        return jax.random.split(self.make_rng("brownian"), n)

    def __call__(self, t, y):
        return self.drift(t, y), self.diffusion(t, y)


def em_step(sde, carry, xs, dt):
    y = carry
    t, key = xs
    dw = jnp.sqrt(dt) * jax.random.normal(key, (DIM,))
    y = y + sde.drift(t, y) * dt + sde.diffusion(t, y) * dw
    return y, (y, dw)


def integrate(step, y0, ts, keys):
    dt = ts[1] - ts[0]
    return scan(lambda c, x: step(c, x, dt), y0, (ts[:-1], keys))


def main():
    model = NeuralSDE()
    y0 = jnp.ones((DIM,))
    variables = model.init(jax.random.key(0), jnp.zeros(()), y0)
    sde = model.bind(variables, rngs={"brownian": jax.random.key(42)})
    ts = jnp.linspace(0.0, T1, N_STEPS + 1)
    keys = sde.brownian_keys(N_STEPS)
    _, (ys, dws) = integrate(functools.partial(em_step, sde), y0, ts, keys)
    return dws
