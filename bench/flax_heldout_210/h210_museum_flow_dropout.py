# label: same-values
# flax-error: none
# class: 3 FlowForecaster keeps self.dropout_key and passes it as the dropout rng of model.apply in every scan step of its MC-dropout sampler
"""Museum visitor flow: Monte Carlo dropout bands for next-hour gallery occupancy."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class GalleryFlowNet(nn.Module):
    galleries: int = 6
    rate: float = 0.3

    @nn.compact
    def __call__(self, counts, *, deterministic: bool):
        h = nn.Dense(32)(counts)
        h = nn.Dropout(self.rate, deterministic=deterministic)(nn.relu(h))
        return nn.softplus(nn.Dense(self.galleries)(h))


class FlowForecaster:
    def __init__(self, model, variables, seed: int):
        self.model = model
        self.variables = variables
        self.dropout_key = jax.random.key(seed)

    def predict(self, counts):
        return self.model.apply(self.variables, counts, deterministic=True)

    def sample_bands(self, counts, num_samples: int):
        def draw(carry, index):
            sample = self.model.apply(
                self.variables, counts, deterministic=False, rngs={"dropout": self.dropout_key}
            )
            return carry, sample

        _, samples = lax.scan(draw, None, jnp.arange(num_samples))
        return samples


def main():
    counts = jnp.array([120.0, 45.0, 80.0, 12.0, 300.0, 64.0]) / 100.0
    model = GalleryFlowNet()
    variables = model.init(jax.random.key(0), counts, deterministic=True)
    forecaster = FlowForecaster(model, variables, seed=17)
    samples = forecaster.sample_bands(counts, num_samples=8)
    return samples
