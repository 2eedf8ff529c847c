# label: ok
# flax-error: none
# class: 3 one key from sampler.rngs is split into per-step keys before the scan and the body receives its key as a scanned input
"""Euler-Maruyama sampler for a score model written in NNX."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        t = jnp.broadcast_to(t, x.shape[:-1] + (1,))
        h = nnx.swish(self.l1(jnp.concatenate([x, t], -1)))
        h = nnx.swish(self.l2(h))
        return self.out(h)


class SDESampler:
    def __init__(self, score_net, num_steps=25, seed=0):
        self.score_net = score_net
        self.num_steps = num_steps
        self.rngs = nnx.Rngs(noise=seed)

    def sigma(self, t):
        return 0.1 * (25.0 ** t)


def sample(sampler, x_init):
    dt = 1.0 / sampler.num_steps
    ts = jnp.linspace(1.0, dt, sampler.num_steps)
    keys = jax.random.split(sampler.rngs.noise(), sampler.num_steps)

    def step(x, inp):
        t, key = inp
        g = sampler.sigma(t)
        score = sampler.score_net(x, t)
        z = jax.random.normal(key, x.shape)
        x = x + g ** 2 * score * dt + g * jnp.sqrt(dt) * z
        return x, z

    x, zs = jax.lax.scan(step, x_init, (ts, keys))
    return x, zs


def main():
    net = ScoreNet(2, 32, rngs=nnx.Rngs(0))
    sampler = SDESampler(net)
    x_init = jnp.zeros((8, 2))
    x, zs = sample(sampler, x_init)
    return zs
