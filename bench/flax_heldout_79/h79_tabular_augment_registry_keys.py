# label: ok
# flax-error: none
# class: 4 the augment_fn from the registry factory takes its key per call; per-epoch keys are split up front and scanned as xs
"""Tabular feature engineering with a registry of augmentations. Each registered factory returns
an augment function wrapping a Linen noise module; the pre-training loop scans over epochs and
records the noise actually added so that its scale can be audited."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

AUGMENTATIONS = {}


def register(name):
    def deco(factory):
        AUGMENTATIONS[name] = factory
        return factory
    return deco


class GaussianFeatureNoise(nn.Module):
    scale: float

    @nn.compact
    def __call__(self, x):
        col_scale = self.param("col_scale", nn.initializers.ones, (x.shape[-1],))
        noise = jax.random.normal(self.make_rng("augment"), x.shape) * self.scale * col_scale
        return x + noise


@register("gaussian")
def gaussian_noise_factory(cfg, key):
    module = GaussianFeatureNoise(cfg["scale"])
    variables = module.init({"params": jax.random.key(0), "augment": key}, jnp.zeros((1, cfg["n_features"])))

    def augment_fn(x, step_key):
        return module.apply(variables, x, rngs={"augment": step_key})

    return augment_fn


class FeatureEngineer:
    def __init__(self, cfg, key):
        self.augment = AUGMENTATIONS[cfg["augmentation"]](cfg, key)
        self.log_cols = cfg["log_cols"]

    def transform(self, table):
        return table.at[:, self.log_cols].set(jnp.log1p(jnp.abs(table[:, self.log_cols])))


def pretrain_epochs(engineer, table, key, epochs=5):
    feats = engineer.transform(table)

    def epoch(carry, epoch_key):
        augmented = engineer.augment(feats, epoch_key)
        return carry + jnp.mean(augmented ** 2), augmented - feats

    _, added = scan(epoch, 0.0, jax.random.split(key, epochs))
    return added


def main():
    cfg = {"augmentation": "gaussian", "scale": 0.1, "n_features": 4, "log_cols": jnp.array([0, 2])}
    table = jax.random.uniform(jax.random.key(5), (6, 4)) * 10
    engineer = FeatureEngineer(cfg, jax.random.key(9))
    return pretrain_epochs(engineer, table, jax.random.key(11))
