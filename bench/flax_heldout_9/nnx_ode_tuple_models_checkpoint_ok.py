# label: ok
# flax-error: none
# class: 4 drift and diffusion models held in a tuple are read-only inside a jax.checkpoint-wrapped Euler-Maruyama step
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, d, rngs):
        self.a = nnx.Linear(d, 16, rngs=rngs)
        self.b = nnx.Linear(16, d, rngs=rngs)

    def __call__(self, x):
        return self.b(jnp.tanh(self.a(x)))


def sde_integrate(models, y0, dws, dt=0.05):
    drift, diffusion = models

    def em_step(y, dw):
        y = y + drift(y) * dt + nnx.softplus(diffusion(y)) * dw
        return y, y

    return jax.lax.scan(jax.checkpoint(em_step), y0, dws)[1]


def main():
    rngs = nnx.Rngs(0)
    models = (MLP(3, rngs), MLP(3, rngs))
    dws = 0.2 * jax.random.normal(jax.random.key(4), (6, 3))
    path = sde_integrate(models, jnp.zeros((3,)), dws)
    return path
