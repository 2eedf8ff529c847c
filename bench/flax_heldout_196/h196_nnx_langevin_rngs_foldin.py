# label: ok
# flax-error: none
# class: 2 the scan body builds nnx.Rngs from fold_in(key, t), the local key of langevin_sample() folded with the step index
"""Unadjusted Langevin sampling from an NNX energy model with a raw jax.lax.scan.

Twin of h196_nnx_langevin_rngs: the per-step Rngs is seeded with fold_in(key, t).
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Energy(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x))).squeeze(-1) + 0.5 * jnp.sum(x ** 2, -1)


def langevin_sample(energy, x0, steps=8, eta=0.01, seed=0):
    grad_e = jax.grad(lambda x: energy(x).sum())
    key = jax.random.key(seed)

    def body(x, t):
        rngs = nnx.Rngs(noise=jax.random.fold_in(key, t))
        noise = jax.random.normal(rngs.noise(), x.shape)
        x = x - eta * grad_e(x) + jnp.sqrt(2 * eta) * noise
        return x, noise

    x, noises = lax.scan(body, x0, jnp.arange(steps))
    return x, noises


def main():
    energy = Energy(2, rngs=nnx.Rngs(0))
    x0 = jax.random.normal(jax.random.key(1), (16, 2))
    _, noises = langevin_sample(energy, x0)
    return noises


if __name__ == "__main__":
    print(main()[:, 0])
