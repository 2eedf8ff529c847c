# label: same-values
# flax-error: none
# class: 4 a factory builds the epoch function whose scan body runs model.apply(rngs={'augment': key}) with the key captured when the factory was called
"""Learned augmentation pipeline: random jitter and feature masking applied per epoch."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    dim: int = 6
    jitter: float = 0.1
    mask_rate: float = 0.25
    epochs: int = 4


class Jitter(nn.Module):
    scale: float

    @nn.compact
    def __call__(self, x):
        log_scale = self.param("log_scale", nn.initializers.constant(jnp.log(self.scale)), ())
        noise = jax.random.normal(self.make_rng("augment"), x.shape)
        return x + jnp.exp(log_scale) * noise


class FeatureMask(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x):
        keep = jax.random.bernoulli(self.make_rng("augment"), 1.0 - self.rate, x.shape[-1:])
        return jnp.where(keep, x, 0.0)


class Augmenter(nn.Module):
    config: AugmentConfig

    def setup(self):
        self.jitter = Jitter(self.config.jitter)
        self.mask = FeatureMask(self.config.mask_rate)

    def __call__(self, x):
        return self.mask(self.jitter(x))


def make_epoch_fn(model, variables, rng, epochs):
    def augment(x):
        return model.apply(variables, x, rngs={"augment": rng})

    def run(batch):
        def body(carry, _):
            return carry, augment(batch)

        _, views = jax.lax.scan(body, None, None, length=epochs)
        return views

    return jax.jit(run)


def main():
    config = AugmentConfig()
    model = Augmenter(config)
    batch = jax.random.normal(jax.random.key(0), (3, config.dim))
    variables = model.init({"params": jax.random.key(1), "augment": jax.random.key(2)}, batch)
    run_epochs = make_epoch_fn(model, variables, jax.random.key(3), config.epochs)
    views = run_epochs(batch)
    return views
