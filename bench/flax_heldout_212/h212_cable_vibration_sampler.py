# label: same-values
# flax-error: none
# class: 3 a VibrationSampler keeps model.bind(variables, rngs={'noise': key}) as self.bound; the scan body calls self.bound.perturb, which draws make_rng('noise')
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

    def perturb(self, spectrum):
        noise = jax.random.normal(self.make_rng("noise"), spectrum.shape)
        return self(spectrum + 0.05 * noise)


class VibrationSampler:
    def __init__(self, model, variables, seed: int):
        self.bound = model.bind(variables, rngs={"noise": jax.random.key(seed)})

    def damping_samples(self, spectrum, num_samples: int):
        def sample(carry, _):
            return carry, self.bound.perturb(spectrum)

        _, samples = scan(sample, None, None, length=num_samples)
        return samples


def main():
    spectrum = jnp.abs(jax.random.normal(jax.random.key(0), (4, 10)))
    model = DampingEstimator()
    variables = model.init(jax.random.key(1), spectrum)
    sampler = VibrationSampler(model, variables, seed=11)
    return sampler.damping_samples(spectrum, num_samples=5)
