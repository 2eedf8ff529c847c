# label: ok
# flax-error: none
# class: 4 Augmenter.run raw fori_loop body calls a registry factory that builds NoiseInjector(rngs=nnx.Rngs(fold_in(key(cfg.seed), i))) from the config and the step
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class AugmentConfig:
    seed: int = 0
    std: float = 0.1
    n_views: int = 4


class NoiseInjector(nnx.Module):
    def __init__(self, std, *, rngs: nnx.Rngs):
        self.std = std
        self.rngs = rngs

    def __call__(self, x):
        return self.std * jax.random.normal(self.rngs.noise(), x.shape)


AUGMENTERS = {}


def register(name):
    def wrap(fn):
        AUGMENTERS[name] = fn
        return fn

    return wrap


@register("gaussian")
def make_gaussian(cfg: AugmentConfig, step):
    key = jax.random.fold_in(jax.random.key(cfg.seed), step)
    return NoiseInjector(cfg.std, rngs=nnx.Rngs(noise=key))


class Augmenter:
    def __init__(self, cfg: AugmentConfig, kind="gaussian"):
        self.cfg = cfg
        self.factory = AUGMENTERS[kind]

    def run(self, x):
        views = jnp.zeros((self.cfg.n_views,) + x.shape)

        def body(i, views):
            injector = self.factory(self.cfg, i)
            return views.at[i].set(injector(x))

        return lax.fori_loop(0, self.cfg.n_views, body, views)


def main():
    aug = Augmenter(AugmentConfig())
    return aug.run(jnp.ones((2, 3)))
