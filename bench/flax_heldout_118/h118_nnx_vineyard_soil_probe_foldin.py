# label: ok
# flax-error: none
# class: 4 the ProbeSampler draws its key once from the KeyService's nnx.Rngs stream in prepare(); the scan body calls sampler.draw(), which folds the sample index into that key, perturbs the probe reading and runs the NNX moisture model
"""Vineyard irrigation control: capacitance probes in each row are noisy, so the
irrigation planner resamples the probe reading with sensor noise and runs the soil
moisture model on every sample before opening the drip valves."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class SoilMoistureModel(nnx.Module):
    def __init__(self, n_depths: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_depths, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.head(nnx.tanh(self.enc(readings))))[..., 0]


class KeyService:
    def __init__(self, seed):
        self.rngs = nnx.Rngs(sensor_noise=seed)


class ProbeSampler:
    def __init__(self, keys: KeyService, model, noise_scale=0.05):
        self.keys = keys
        self.model = model
        self.noise_scale = noise_scale
        self.key = None

    def prepare(self):
        self.key = self.keys.rngs.sensor_noise()

    def draw(self, reading, index):
        noise = self.noise_scale * jax.random.normal(jax.random.fold_in(self.key, index), reading.shape)
        return self.model(reading + noise)


class IrrigationPlanner:
    def __init__(self, sampler, n_samples=8):
        self.sampler = sampler
        self.n_samples = n_samples

    def moisture_samples(self, reading):
        self.sampler.prepare()

        def sample(carry, index):
            return carry, self.sampler.draw(reading, index)

        _, samples = scan(sample, None, jnp.arange(self.n_samples))
        return samples


def main():
    reading = jnp.array([0.31, 0.27, 0.22, 0.18])  # volumetric water content at 4 depths
    model = SoilMoistureModel(4, nnx.Rngs(0))
    planner = IrrigationPlanner(ProbeSampler(KeyService(seed=21), model))
    return planner.moisture_samples(reading)
