# label: ok
# flax-error: none
# class: 4 a factory captures a read-only energy model and a key drawn outside; the body folds the step into the key
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Energy(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(2, 8, rngs=rngs)

    def __call__(self, x):
        return jnp.sum(nnx.softplus(self.fc(x)))


def make_langevin_body(energy, key, eps):
    def body(i, carry):
        x, noises = carry
        g = jax.grad(lambda z: energy(z))(x)
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x - eps * g + jnp.sqrt(2 * eps) * z, noises.at[i].set(z)

    return body


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    energy = Energy(rngs)
    body = make_langevin_body(energy, rngs.sample(), 0.01)
    _, noises = fori_loop(0, 5, body, (jnp.zeros((2,)), jnp.zeros((5, 2))))
    return noises
