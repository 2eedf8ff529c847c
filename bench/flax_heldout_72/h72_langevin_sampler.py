# label: same-values
# flax-error: none
# class: 1 self.make_rng('noise') called inside a raw lax.scan body of a module method
"""Energy-based model: Langevin dynamics sampler as a module method, steps in lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EBM(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.swish(nn.Dense(32)(x))).sum()

    def sample(self, x0, steps: int = 6, step_size: float = 0.01):
        energy_grad = jax.grad(lambda x: self(x))

        def langevin(x, _):
            noise = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x - step_size * energy_grad(x) + jnp.sqrt(2 * step_size) * noise
            return x, noise

        _, noises = lax.scan(langevin, x0, None, length=steps)
        return noises


def main():
    model = EBM()
    x0 = jnp.zeros((2,))
    params = model.init(jax.random.key(0), x0)
    noises = model.apply(params, x0, method=EBM.sample, rngs={"noise": jax.random.key(1)})
    return noises
