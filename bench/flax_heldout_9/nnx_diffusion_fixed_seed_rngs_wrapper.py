# label: same-values
# flax-error: none
# class: 4 a body handed to a module-level scan wrapper builds nnx.Rngs from a constant seed at every step
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


def unroll(fn, init, xs):
    return scan(fn, init, xs)


class EpsModel(nnx.Module):
    def __init__(self, dim, rngs):
        self.net = nnx.Linear(dim + 1, dim, rngs=rngs)

    def __call__(self, x, t):
        return self.net(jnp.concatenate([x, t[None]]))


def ddpm_sample(model, x_T, n_steps, seed=0):
    ts = jnp.linspace(1.0, 0.0, n_steps)

    def reverse(x, t):
        step_rngs = nnx.Rngs(noise=seed)
        z = jax.random.normal(step_rngs.noise(), x.shape)
        x = x - 0.05 * model(x, t) + 0.1 * z
        return x, z

    return unroll(reverse, x_T, ts)[1]


def main():
    model = EpsModel(3, nnx.Rngs(0))
    return ddpm_sample(model, jnp.ones((3,)), 5)
