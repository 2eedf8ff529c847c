# label: same-values
# flax-error: none
# class: 5 QualityControlService keeps functools.partial(model.apply, variables, rngs={"dropout": key}) on self.predict and hands it to the module-level run_mc_samples loop runner
"""Brewery quality control: Monte Carlo dropout estimate of spoilage risk for a
batch of fermentation readings (gravity, pH, temperature, dissolved O2)."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SpoilageNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, readings, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(readings))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


def run_mc_samples(predict_fn, readings, num_samples):
    """Shared runner used by every QC check: draws num_samples stochastic passes."""

    def body(step, _):
        return step + 1, predict_fn(readings)

    _, samples = scan(body, 0, None, length=num_samples)
    return samples


class QualityControlService:
    def __init__(self, model, variables, seed=0, num_samples=6):
        self.num_samples = num_samples
        self.predict = functools.partial(
            model.apply, variables, deterministic=False,
            rngs={"dropout": jax.random.key(seed)})

    def spoilage_risk(self, readings):
        samples = run_mc_samples(self.predict, readings, self.num_samples)
        return samples, samples.mean(0), samples.std(0)


def main():
    model = SpoilageNet()
    readings = jax.random.normal(jax.random.key(3), (4, 4))
    variables = model.init(jax.random.key(0), readings)
    service = QualityControlService(model, variables, seed=11)
    samples, _, _ = service.spoilage_risk(readings)
    return samples
