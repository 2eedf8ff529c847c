# label: ok
# flax-error: none
# class: 3 a VibrationSampler keeps model.bind(variables, rngs={'noise': key}) as self.bound; one key is drawn before the scan, split, and the body calls self.bound.perturb_with on its slice
"""Bridge stay-cable monitoring: the sampler perturbs the accelerometer spectrum of a cable
with sensor noise many times to get a spread of predicted damping ratios."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DampingEstimator(nn.Module):
    @nn.compact
    def __call__(self, spectrum):
        h = nn.relu(nn.Dense(16)(spectrum))
        return nn.softplus(nn.Dense(1)(h))[..., 0]

    def perturb_with(self, spectrum, key):
        noise = jax.random.normal(key, spectrum.shape)
        return self(spectrum + 0.05 * noise)


class VibrationSampler:
    def __init__(self, model, variables, seed: int):
        self.bound = model.bind(variables, rngs={"noise": jax.random.key(seed)})

    def damping_samples(self, spectrum, num_samples: int):
        keys = jax.random.split(self.bound.make_rng("noise"), num_samples)

        def sample(carry, key):
            return carry, self.bound.perturb_with(spectrum, key)

        _, samples = scan(sample, None, keys)
        return samples


def main():
    spectrum = jnp.abs(jax.random.normal(jax.random.key(0), (4, 10)))
    model = DampingEstimator()
    variables = model.init(jax.random.key(1), spectrum)
    sampler = VibrationSampler(model, variables, seed=11)
    return sampler.damping_samples(spectrum, num_samples=5)
