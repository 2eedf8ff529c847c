# label: ok
# flax-error: none
# class: 4 one key is drawn from the sampler's nnx.Rngs before the raw while_loop and travels in the carry, split inside the body for each step's momentum and accept draws
"""Neural-transport HMC (Hoffman et al. 2019 style): run HMC in the latent space of a learned
affine flow; the sampler keeps its own nnx.Rngs for momentum and accept/reject draws."""
import jax
import jax.numpy as jnp
from flax import nnx


def log_p(x):
    return -0.5 * jnp.sum((x - jnp.array([1.0, -1.0])) ** 2 / jnp.array([0.5, 2.0]))


class AffineFlow(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.shift = nnx.Param(jnp.zeros((dim,)))
        self.log_scale = nnx.Param(0.01 * jax.random.normal(rngs.params(), (dim,)))

    def __call__(self, z):
        return self.shift + jnp.exp(self.log_scale) * z


class NeuTraHMC(nnx.Module):
    def __init__(self, dim=2, eps=0.2, n_leapfrog=4, *, rngs: nnx.Rngs):
        self.flow = AffineFlow(dim, rngs=rngs)
        self.rngs = rngs
        self.eps = eps
        self.n_leapfrog = n_leapfrog

    def log_p_latent(self, z):
        return log_p(self.flow(z)) + jnp.sum(self.flow.log_scale.value)

    def transition(self, z, key):
        k_mom, k_acc = jax.random.split(key)
        p = jax.random.normal(k_mom, z.shape)
        grad = jax.grad(self.log_p_latent)
        z1, p1 = z, p + 0.5 * self.eps * grad(z)
        for _ in range(self.n_leapfrog):
            z1 = z1 + self.eps * p1
            p1 = p1 + self.eps * grad(z1)
        p1 = p1 - 0.5 * self.eps * grad(z1)
        log_acc = self.log_p_latent(z1) - 0.5 * p1 @ p1 - self.log_p_latent(z) + 0.5 * p @ p
        accepted = jnp.log(jax.random.uniform(k_acc)) < log_acc
        return jnp.where(accepted, z1, z), accepted

    def sample(self, z0, n_accept=5, max_steps=50):
        def cond(carry):
            i, n, _, _ = carry
            return (n < n_accept) & (i < max_steps)

        def body(carry):
            i, n, z, key = carry
            key, sub = jax.random.split(key)
            z, acc = self.transition(z, sub)
            return i + 1, n + acc.astype(jnp.int32), z, key

        _, _, z, _ = jax.lax.while_loop(cond, body, (0, 0, z0, self.rngs.momentum()))
        return self.flow(z)


def main():
    sampler = NeuTraHMC(rngs=nnx.Rngs(params=0, momentum=1, accept=2))
    x = sampler.sample(jnp.zeros((2,)))
    x.block_until_ready()
    return None
