# label: same-values
# flax-error: none
# class: 2 a key drawn once from the nnx.Rngs "sensor" stream into a local of sample_soc() goes straight into the scan body
"""Battery state-of-charge estimation: propagate current-sensor noise through the SoC estimator
to get a spread of estimates for one pack reading."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SocEstimator(nnx.Module):
    def __init__(self, signals: int, rngs: nnx.Rngs):
        self.layer = nnx.Linear(signals, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, reading):
        return jax.nn.sigmoid(self.out(nnx.tanh(self.layer(reading)))).squeeze(-1)


def sample_soc(estimator, rngs: nnx.Rngs, reading, samples, noise_sd=0.05):
    key = rngs.sensor()

    def one_sample(_, __):
        noisy = reading + noise_sd * jax.random.normal(key, reading.shape)
        return None, estimator(noisy)

    _, socs = jax.lax.scan(one_sample, None, None, length=samples)
    return socs


def main():
    rngs = nnx.Rngs(params=0, sensor=1)
    estimator = SocEstimator(signals=4, rngs=rngs)
    reading = jnp.array([3.7, 0.8, 24.0, 0.1])  # voltage, current, temperature, age
    return sample_soc(estimator, rngs, reading, samples=8)
