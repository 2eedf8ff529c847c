# label: same-values
# flax-error: none
# class: 3 the ShadowEvaluator takes one key from the registry's nnx.Rngs 'shadow' stream at construction; the scan body draws the traffic-split mask with self.key
"""Model registry (NNX): route a random slice of each traffic window to the candidate, then promote it."""
import jax
import jax.numpy as jnp
from flax import nnx


class FraudScorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.fc(x))[..., 0]


class ModelRegistry:
    def __init__(self, seed):
        self.rngs = nnx.Rngs(params=seed, shadow=seed + 1)
        self.models = {}
        self.production = None

    def register(self, name):
        self.models[name] = FraudScorer(self.rngs)
        return self.models[name]

    def promote(self, name):
        if self.production is None:
            self.production = self.register("production")
        nnx.update(self.production, nnx.state(self.models[name]))


class ShadowEvaluator:
    def __init__(self, registry: ModelRegistry, fraction=0.2):
        self.registry = registry
        self.fraction = fraction
        self.key = registry.rngs.shadow()

    def route(self, windows):
        def body(carry, window):
            mask = jax.random.bernoulli(self.key, self.fraction, window.shape[:1])
            return carry, mask

        _, masks = jax.lax.scan(body, None, windows)
        return masks


def main():
    registry = ModelRegistry(seed=0)
    candidate = registry.register("fraud-v3")
    windows = jax.random.normal(jax.random.key(9), (5, 32, 8))
    masks = ShadowEvaluator(registry).route(windows)
    agreement = jnp.mean(jnp.where(masks, candidate(windows) > 0.5, True))
    if float(agreement) >= 0.0:
        registry.promote("fraud-v3")
    return masks
