# label: ok
# flax-error: none
# class: 4 a module-level reverse-SDE sampler receives the NNX score model; one key per step is split beforehand and scanned with the times
"""Euler-Maruyama reverse-time sampler for a VE-SDE score model (Song et al. 2021)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ScoreMLP(nnx.Module):
    def __init__(self, dim: int, hidden: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.l3 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        h = nnx.silu(self.l2(nnx.silu(self.l1(h))))
        return self.l3(h)


def em_sampler(model, shape, key, n_steps=8, sigma_min=0.01, sigma_max=10.0):
    ts = jnp.linspace(1.0, 1e-3, n_steps)
    dt = ts[0] - ts[1]
    key, init_key = jax.random.split(key)
    x = sigma_max * jax.random.normal(init_key, shape)

    def step(x, inputs):
        t, step_key = inputs
        sigma = sigma_min * (sigma_max / sigma_min) ** t
        g2 = sigma**2 * 2 * jnp.log(sigma_max / sigma_min)
        z = jax.random.normal(step_key, shape)
        x = x + g2 * model(x, t) * dt + jnp.sqrt(g2 * dt) * z
        return x, z

    _, zs = jax.lax.scan(step, x, (ts, jax.random.split(key, n_steps)))
    return zs


def main():
    model = ScoreMLP(2, 64, nnx.Rngs(0))
    return em_sampler(model, (16, 2), jax.random.key(42))
