# label: ok
# flax-error: none
# class: 5 a factory returns a step function that folds the step index into its rng before passing it as the noise stream to model.apply
"""Online data augmentation: a Linen module adds learned-scale Gaussian jitter to each batch."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Jitter(nn.Module):
    dim: int = 5

    @nn.compact
    def __call__(self, x):
        scale = self.param("log_scale", nn.initializers.constant(-1.0), (self.dim,))
        noise = jax.random.normal(self.make_rng("noise"), x.shape) * jnp.exp(scale)
        return x + noise, noise


class AugmentPipeline:
    def __init__(self, model, variables):
        self.apply_fn = model.apply
        self.variables = variables

    def make_step(self, rng):
        def step(carry, inputs):
            t, batch = inputs
            augmented, noise = self.apply_fn(self.variables, batch, rngs={"noise": jax.random.fold_in(rng, t)})
            return carry + augmented.mean(), noise
        return step


def main():
    model = Jitter()
    batches = jnp.zeros((6, 3, 5))
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, batches[0])
    pipeline = AugmentPipeline(model, variables)
    step = pipeline.make_step(jax.random.key(7))
    _, noise = jax.lax.scan(step, jnp.zeros(()), (jnp.arange(batches.shape[0]), batches))
    return noise
