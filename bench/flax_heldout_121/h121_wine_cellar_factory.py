# label: same-values
# flax-error: none
# class: 5 make_sampler(model, variables, reading, key) returns the fori_loop body; the factory's key is passed as rngs={'sensor': key} at every step
"""Wine cellar climate: the humidity model injects sensor noise to sample plausible rack
humidity for a reading; the cellar controller draws samples to set the humidifier margin."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CellarHumidityModel(nn.Module):
    hidden: int = 8
    sensor_noise: float = 0.1

    @nn.compact
    def __call__(self, reading, stochastic: bool = False):
        h = jnp.tanh(nn.Dense(self.hidden)(reading))
        if stochastic:
            h = h + self.sensor_noise * jax.random.normal(self.make_rng("sensor"), h.shape)
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


def make_sampler(model, variables, reading, key):
    def sample_step(i, buffer):
        humidity = model.apply(variables, reading, stochastic=True, rngs={"sensor": key})
        return buffer.at[i].set(humidity)

    return sample_step


class CellarController:
    def __init__(self, n_racks=6, n_features=3, seed=0):
        self.model = CellarHumidityModel()
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((n_racks, n_features)))
        self.n_racks = n_racks

    def humidity_samples(self, reading, n_samples, seed):
        step = make_sampler(self.model, self.variables, reading, jax.random.key(seed))
        buffer = jnp.zeros((n_samples, self.n_racks))
        return jax.lax.fori_loop(0, n_samples, step, buffer)


def main():
    controller = CellarController()
    reading = jax.random.normal(jax.random.key(3), (6, 3))
    return controller.humidity_samples(reading, n_samples=6, seed=21)
