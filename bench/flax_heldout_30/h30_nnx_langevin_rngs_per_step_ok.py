# label: ok
# flax-error: none
# class: 3 a LangevinSampler object draws one key from its nnx.Rngs before the raw fori_loop; the noise() method builds a fresh nnx.Rngs from that key folded with the step
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Energy(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).squeeze(-1)


class LangevinSampler:
    def __init__(self, energy, step_size, rngs):
        self.energy = energy
        self.step_size = step_size
        self.rngs = rngs

    def noise(self, key, i, shape):
        step_rngs = nnx.Rngs(noise=jax.random.fold_in(key, i))
        return jax.random.normal(step_rngs.noise(), shape)

    def sample(self, x0, n_steps):
        grad_e = jax.grad(lambda x: self.energy(x).sum())
        key = self.rngs.noise()

        def body(i, state):
            x, trace = state
            eps = self.noise(key, i, x.shape)
            x = x - self.step_size * grad_e(x) + jnp.sqrt(2 * self.step_size) * eps
            return x, trace.at[i].set(eps)

        return fori_loop(0, n_steps, body, (x0, jnp.zeros((n_steps,) + x0.shape)))


def main():
    energy = Energy(nnx.Rngs(0))
    sampler = LangevinSampler(energy, 0.01, nnx.Rngs(noise=1))
    x0 = jnp.zeros((3, 2))
    x, eps = sampler.sample(x0, 5)
    print(x.mean(0))
    return eps
