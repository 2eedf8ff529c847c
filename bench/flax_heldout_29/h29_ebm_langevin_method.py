# label: same-values
# flax-error: none
# class: 3 sample method's fori_loop body calls a noise helper that draws self.make_rng('langevin')
"""Energy-based model over 2-D points, sampled with unadjusted Langevin dynamics."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class EnergyMLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h)[..., 0]


class EnergyModel(nn.Module):
    hidden: int = 32

    def setup(self):
        self.net = EnergyMLP(self.hidden)

    def __call__(self, x):
        return self.net(x)

    def _noise_like(self, x):
        return jax.random.normal(self.make_rng("langevin"), x.shape)

    def _score(self, x):
        return -jax.grad(lambda y: self.net(y).sum())(x)

    def sample(self, x0, num_steps: int, step_size: float = 0.01):
        noise_log = jnp.zeros((num_steps,) + x0.shape)

        def body(i, state):
            x, log = state
            eps = self._noise_like(x)
            x = x + step_size * self._score(x) + jnp.sqrt(2 * step_size) * eps
            return x, log.at[i].set(eps)

        x, noise_log = jax.lax.fori_loop(0, num_steps, body, (x0, noise_log))
        return x, noise_log


def main():
    model = EnergyModel()
    x0 = jax.random.uniform(jax.random.key(0), (8, 2), minval=-1, maxval=1)
    params = model.init(jax.random.key(1), x0)
    samples, noise_log = model.apply(params, x0, 5, method=EnergyModel.sample,
                                     rngs={"langevin": jax.random.key(2)})
    energy = model.apply(params, samples).mean()
    print("mean energy of samples", float(energy))
    return noise_log
