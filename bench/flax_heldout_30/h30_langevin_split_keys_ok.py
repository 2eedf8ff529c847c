# label: ok
# flax-error: none
# class: 3 apply(method='langevin') splits self.make_rng('langevin') into per-step keys before the raw lax.scan and passes them as xs to the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EnergyModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(h).squeeze(-1)

    def _step_keys(self, n_steps):
        return jax.random.split(self.make_rng("langevin"), n_steps)

    def langevin(self, x0, n_steps: int, step_size: float = 0.01):
        grad_e = jax.grad(lambda z: self(z).sum())

        def body(x, key):
            eps = jax.random.normal(key, x.shape)
            x = x - step_size * grad_e(x) + jnp.sqrt(2.0 * step_size) * eps
            return x, eps

        x, noises = lax.scan(body, x0, self._step_keys(n_steps))
        return x, noises


def main():
    model = EnergyModel()
    x0 = jax.random.normal(jax.random.key(0), (4, 2))
    variables = model.init(jax.random.key(1), x0)
    samples, noises = model.apply(variables, x0, 6, method=EnergyModel.langevin,
                                  rngs={"langevin": jax.random.key(7)})
    print(samples.mean(0))
    return noises
