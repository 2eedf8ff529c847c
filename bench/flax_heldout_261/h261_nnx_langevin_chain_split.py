# label: ok
# flax-error: none
# class: 1 the LangevinChain NNX module owns its Rngs; sample() splits keys from self.rngs.langevin before fori_loop and the body indexes them by step
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop as fori


class LangevinChain(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.energy_in = nnx.Linear(dim, 16, rngs=rngs)
        self.energy_out = nnx.Linear(16, 1, rngs=rngs)
        self.rngs = rngs
        self.step_size = 1e-2

    def energy(self, x):
        return self.energy_out(nnx.softplus(self.energy_in(x))).sum()

    def sample(self, x0, n_steps: int):
        eps = self.step_size
        noises = jnp.zeros((n_steps,) + x0.shape)
        step_keys = jax.random.split(self.rngs.langevin(), n_steps)

        def step(i, carry):
            x, noises = carry
            grad_e = jax.grad(self.energy)(x)
            z = jax.random.normal(step_keys[i], x.shape)
            x = x - eps * grad_e + jnp.sqrt(2 * eps) * z
            return x, noises.at[i].set(z)

        x, noises = fori(0, n_steps, step, (x0, noises))
        return x, noises


def main():
    chain = LangevinChain(2, rngs=nnx.Rngs(params=0, langevin=1))
    x0 = jnp.zeros((8, 2))
    x, noises = chain.sample(x0, 6)
    jax.block_until_ready(x)
    return noises
