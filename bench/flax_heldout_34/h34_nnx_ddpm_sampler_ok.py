# label: ok
# flax-error: none
# class: 2 an NNX DDPM module draws self.rngs.noise() once in sample(); the fori_loop body passes fold_in(key, i) to a _posterior_sample helper method
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class EpsNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t / 10.0)], axis=-1)
        return self.out(nnx.silu(self.inp(h)))


class DDPM(nnx.Module):
    def __init__(self, dim, num_steps, rngs: nnx.Rngs):
        self.eps = EpsNet(dim, rngs)
        self.num_steps = num_steps
        self.betas = nnx.Variable(jnp.linspace(1e-4, 0.02, num_steps))
        self.rngs = rngs

    def _posterior_sample(self, x, t, key):
        betas = self.betas[...]
        alphas = 1.0 - betas
        alpha_bar = jnp.cumprod(alphas)[t]
        eps = self.eps(x, t)
        mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bar) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        return mean + jnp.sqrt(betas[t]) * z, z

    def sample(self, n, dim):
        x = jax.random.normal(self.rngs.noise(), (n, dim))
        key = self.rngs.noise()
        zs = jnp.zeros((self.num_steps, n, dim))

        def body(i, carry):
            x, zs = carry
            t = self.num_steps - 1 - i
            x, z = self._posterior_sample(x, t, jax.random.fold_in(key, i))
            return x, zs.at[i].set(z)

        return fori_loop(0, self.num_steps, body, (x, zs))


def main():
    ddpm = DDPM(2, 6, nnx.Rngs(params=0, noise=1))
    _, zs = ddpm.sample(3, 2)
    return zs
