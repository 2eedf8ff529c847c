# label: ok
# flax-error: none
# class: 4 a module-level ray-marching function receives the NeRF model and a key drawn from its nnx.Rngs, folded in with the step index in every scan step
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TinyNeRF(nnx.Module):
    def __init__(self, hidden=16, *, rngs):
        self.mlp = nnx.Sequential(nnx.Linear(3, hidden, rngs=rngs), nnx.relu, nnx.Linear(hidden, 4, rngs=rngs))
        self.rngs = rngs

    def __call__(self, pts):
        out = self.mlp(pts)
        return nnx.relu(out[..., 0]), nnx.sigmoid(out[..., 1:])


def march(model, rays_o, rays_d, key, near=2.0, far=6.0, n_steps=6):
    dt = (far - near) / n_steps

    def step(carry, i):
        trans, rgb = carry
        jitter = jax.random.uniform(jax.random.fold_in(key, i), trans.shape)
        t = near + (i + jitter) * dt
        sigma, color = model(rays_o + t[:, None] * rays_d)
        alpha = 1.0 - jnp.exp(-sigma * dt)
        rgb = rgb + (trans * alpha)[:, None] * color
        return (trans * (1.0 - alpha), rgb), jitter

    n = rays_o.shape[0]
    _, jitters = scan(step, (jnp.ones(n), jnp.zeros((n, 3))), jnp.arange(n_steps))
    return jitters


def main():
    model = TinyNeRF(rngs=nnx.Rngs(params=0, sample=1))
    rays_o = jnp.zeros((5, 3))
    rays_d = jnp.tile(jnp.array([[0.0, 0.0, 1.0]]), (5, 1))
    jitters = march(model, rays_o, rays_d, model.rngs.sample())
    return jitters
