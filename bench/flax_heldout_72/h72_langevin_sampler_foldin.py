# label: ok
# flax-error: none
# class: 1 self.make_rng('noise') called once before the raw lax.scan, folded in with the step index inside the body
"""Energy-based model: Langevin sampler in lax.scan, one key made outside and folded with the step."""
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
        key = self.make_rng("noise")

        def langevin(x, i):
            noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            x = x - step_size * energy_grad(x) + jnp.sqrt(2 * step_size) * noise
            return x, noise

        _, noises = lax.scan(langevin, x0, jnp.arange(steps))
        return noises


def main():
    model = EBM()
    x0 = jnp.zeros((2,))
    params = model.init(jax.random.key(0), x0)
    noises = model.apply(params, x0, method=EBM.sample, rngs={"noise": jax.random.key(1)})
    return noises
