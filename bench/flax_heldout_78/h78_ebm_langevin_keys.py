# label: ok
# flax-error: none
# class: 1 closure inside a module method; per-step keys split from one make_rng and scanned as xs
"""Energy-based model with short-run Langevin sampling (in the style of Nijkamp et al.)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class EnergyNet(nn.Module):
    hidden: int = 32
    n_steps: int = 6
    step_size: float = 0.01

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h).squeeze(-1)

    def sample(self, x0):
        grad_e = jax.grad(lambda z: self(z).sum())
        keys = jax.random.split(self.make_rng("langevin"), self.n_steps)

        def langevin_step(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x - 0.5 * self.step_size * grad_e(x) + jnp.sqrt(self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(langevin_step, x0, keys)
        return noises


def main():
    model = EnergyNet()
    x0 = jax.random.uniform(jax.random.key(0), (8, 2), minval=-1.0, maxval=1.0)
    variables = model.init(jax.random.key(1), x0)
    noises = model.apply(variables, x0, method=EnergyNet.sample,
                         rngs={"langevin": jax.random.key(2)})
    return noises
