# label: ok
# flax-error: none
# class: 3 an augmentation strategy built from a config registry holds one PRNG key and folds in the step index the scan passes in
"""Noise-augmented training loop: the augmentation strategy is chosen by name in the config and
built with a key; the scan-based loop trains a Linen regressor on augmented batches."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class Config:
    augment: str = "gaussian"
    strength: float = 0.1
    lr: float = 1e-2
    seed: int = 0


class GaussianNoise:
    def __init__(self, key, strength):
        self.key = key
        self.strength = strength

    def __call__(self, x, step):
        return self.strength * jax.random.normal(jax.random.fold_in(self.key, step), x.shape)


class UniformNoise(GaussianNoise):
    def __call__(self, x, step):
        return self.strength * jax.random.uniform(jax.random.fold_in(self.key, step), x.shape, minval=-1.0, maxval=1.0)


AUGMENTATIONS = {"gaussian": GaussianNoise, "uniform": UniformNoise}


def build_augmentation(cfg: Config, key):
    return AUGMENTATIONS[cfg.augment](key, cfg.strength)


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


def train(model, params, augment, tx, xs, ys):
    def step(carry, inputs):
        p, s = carry
        i, x, y = inputs
        noise = augment(x, i)

        def loss_fn(p):
            return jnp.mean((model.apply({"params": p}, x + noise) - y) ** 2)

        grads = jax.grad(loss_fn)(p)
        updates, s = tx.update(grads, s, p)
        return (optax.apply_updates(p, updates), s), noise

    steps = jnp.arange(xs.shape[0])
    (params, _), noises = lax.scan(step, (params, tx.init(params)), (steps, xs, ys))
    return params, noises


def main():
    cfg = Config()
    root = jax.random.key(cfg.seed)
    init_key, aug_key, data_key = jax.random.split(root, 3)
    model = Regressor()
    xs = jax.random.normal(data_key, (6, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    params = model.init(init_key, xs[0])["params"]
    augment = build_augmentation(cfg, aug_key)
    _, noises = train(model, params, augment, optax.sgd(cfg.lr), xs, ys)
    return noises
