# label: same-values
# flax-error: none
# class: 3 apply(method='langevin') runs a raw lax.scan whose body calls the _noise helper method, which draws self.make_rng('langevin')
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

    def _noise(self, shape):
        return jax.random.normal(self.make_rng("langevin"), shape)

    def langevin(self, x0, n_steps: int, step_size: float = 0.01):
        grad_e = jax.grad(lambda z: self(z).sum())

        def body(x, _):
            eps = self._noise(x.shape)
            x = x - step_size * grad_e(x) + jnp.sqrt(2.0 * step_size) * eps
            return x, eps

        x, noises = lax.scan(body, x0, None, length=n_steps)
        return x, noises


def main():
    model = EnergyModel()
    x0 = jax.random.normal(jax.random.key(0), (4, 2))
    variables = model.init(jax.random.key(1), x0)
    samples, noises = model.apply(variables, x0, 6, method=EnergyModel.langevin,
                                  rngs={"langevin": jax.random.key(7)})
    print(samples.mean(0))
    return noises
