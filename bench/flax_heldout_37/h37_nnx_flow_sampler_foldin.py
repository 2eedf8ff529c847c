# label: ok
# flax-error: none
# class: 5 the SDE sampler module holds an nnx.Rngs; __call__ draws one key from self.rngs.sde() before the raw scan and the step closure folds in the step index for each Brownian increment
"""Euler-Maruyama sampler for a stochastic interpolant / flow-matching velocity field."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class VelocityNet(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.mid = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        return self.out(nnx.gelu(self.mid(nnx.gelu(self.inp(h)))))


class SDESampler(nnx.Module):
    def __init__(self, net: VelocityNet, n_steps: int, sigma: float, *, rngs: nnx.Rngs):
        self.net = net
        self.n_steps = n_steps
        self.sigma = sigma
        self.rngs = rngs

    def __call__(self, x0):
        dt = 1.0 / self.n_steps
        key = self.rngs.sde()

        def step(x, it):
            i, t = it
            dw = jnp.sqrt(dt) * jax.random.normal(jax.random.fold_in(key, i), x.shape)
            x = x + self.net(x, t) * dt + self.sigma * dw
            return x, dw

        steps = jnp.arange(self.n_steps)
        _, dws = scan(step, x0, (steps, steps * dt))
        return dws


def main():
    rngs = nnx.Rngs(params=0, sde=1)
    sampler = SDESampler(VelocityNet(2, 32, rngs=rngs), n_steps=8, sigma=0.5, rngs=rngs)
    x0 = jax.random.normal(jax.random.key(2), (6, 2))
    return sampler(x0)
