# label: same-values
# flax-error: none
# class: 3 make_rng in the _noisy branch of lax.cond inside the raw scan body of sample() (apply method=)
"""Energy-based model with an annealed Langevin sampler; noise only in the 'explore' branch."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class EnergyNet(nn.Module):
    hidden: int = 32

    def setup(self):
        self.l1 = nn.Dense(self.hidden)
        self.l2 = nn.Dense(1)

    def energy(self, x):
        return self.l2(nn.softplus(self.l1(x))).sum()

    def __call__(self, x):
        return self.energy(x)

    def _noisy(self, x):
        return jax.random.normal(self.make_rng("langevin"), x.shape)

    def _quiet(self, x):
        return jnp.zeros_like(x)

    def sample(self, x0, n_steps: int = 6, step_size: float = 0.05):
        temps = jnp.linspace(1.0, 0.1, n_steps)  # annealing schedule

        def body(x, t):
            g = jax.grad(self.energy)(x)
            z = lax.cond(t > 0, self._noisy, self._quiet, x)
            x = x - step_size * g + jnp.sqrt(2 * step_size * t) * z
            return x, z

        return lax.scan(body, x0, temps)


def main():
    ebm = EnergyNet()
    x0 = jnp.zeros((2,))
    params = ebm.init(jax.random.key(0), x0)
    x_final, zs = ebm.apply(params, x0, method=EnergyNet.sample,
                                    rngs={"langevin": jax.random.key(1)})
    return zs
