# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an augmentation strategy chosen by config holds an nnx.Rngs "augment" stream; a robustness evaluator calls it in the scan body
"""Robustness evaluation under input noise: the augmentation is picked by name from a
registry and draws from its own nnx.Rngs stream; the evaluator scans over batches and returns
the noise it applied."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GaussianNoise(nnx.Module):
    def __init__(self, sigma, *, rngs: nnx.Rngs):
        self.sigma = sigma
        self.rngs = rngs

    def noise_like(self, x, key=None):
        key = self.rngs.augment() if key is None else key
        return self.sigma * jax.random.normal(key, x.shape)


class UniformNoise(GaussianNoise):
    def noise_like(self, x, key=None):
        key = self.rngs.augment() if key is None else key
        return self.sigma * jax.random.uniform(key, x.shape, minval=-1.0, maxval=1.0)


AUGMENTATIONS = {"gaussian": GaussianNoise, "uniform": UniformNoise}


def build_augmentation(cfg):
    return AUGMENTATIONS[cfg["augment"]](cfg["sigma"], rngs=nnx.Rngs(augment=cfg["seed"]))


class RobustnessEvaluator:
    def __init__(self, model, augmentation):
        self.model = model
        self.augmentation = augmentation

    def run(self, xs):
        self.model.eval()

        def body(total, x):
            noise = self.augmentation.noise_like(x)
            drift = jnp.abs(self.model(x + noise) - self.model(x)).mean()
            return total + drift, noise

        _, noises = scan(body, jnp.zeros(()), xs)
        return noises


def main():
    cfg = {"augment": "gaussian", "sigma": 0.1, "seed": 3}
    model = nnx.Linear(4, 2, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    evaluator = RobustnessEvaluator(model, build_augmentation(cfg))
    return evaluator.run(xs)
