# label: ok
# flax-error: none
# class: 4 make_langevin_sampler factory's scan body gets per-step keys as xs and reaches the energy through apply(method=)
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

    def energy(self, x):
        return self.net(x)


def make_langevin_sampler(model, params, step_size=0.01):
    def total_energy(x):
        return model.apply(params, x, method=EnergyModel.energy).sum()

    score = jax.grad(lambda x: -total_energy(x))

    def sample(x0, key, num_steps):
        def body(x, step_key):
            eps = jax.random.normal(step_key, x.shape)
            x = x + step_size * score(x) + jnp.sqrt(2 * step_size) * eps
            return x, eps

        return jax.lax.scan(body, x0, jax.random.split(key, num_steps))

    return sample


def main():
    model = EnergyModel()
    x0 = jax.random.uniform(jax.random.key(0), (8, 2), minval=-1, maxval=1)
    params = model.init(jax.random.key(1), x0)
    sample = make_langevin_sampler(model, params)
    samples, noise_log = sample(x0, jax.random.key(2), 5)
    energy = model.apply(params, samples).mean()
    print("mean energy of samples", float(energy))
    return noise_log
