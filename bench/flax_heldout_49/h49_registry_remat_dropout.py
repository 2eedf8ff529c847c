# label: same-values
# flax-error: none
# class: 4 a registry factory builds an nn.remat model and returns a step function closing over one dropout key; a scan over steps calls the step function and collects the dropout masks
"""Model registry and factories as in config-driven training frameworks: make_mask_probe()
returns a jitted-style step function that reports which units dropout kept at each step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


class Block(nn.Module):
    width: int
    rate: float

    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(self.width)(x)
        keep = nn.Dropout(self.rate, deterministic=not train)(jnp.ones_like(x))
        return x * keep, keep


@register("remat_mlp")
class RematMLP(nn.Module):
    width: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, train=False):
        x, keep = nn.remat(Block, static_argnums=(2,))(self.width, self.rate)(x, train)
        return x, keep


@dataclass
class ModelConfig:
    name: str = "remat_mlp"
    width: int = 8
    seed: int = 0


def build(cfg):
    model = MODEL_REGISTRY[cfg.name](width=cfg.width)
    params = model.init(jax.random.key(cfg.seed), jnp.ones((1, cfg.width)))
    return model, params


def make_mask_probe(cfg):
    model, params = build(cfg)
    dropout_key = jax.random.key(cfg.seed + 1)

    def step(x):
        _, keep = model.apply(params, x, train=True, rngs={"dropout": dropout_key})
        return keep

    return step


def main():
    cfg = ModelConfig()
    step = make_mask_probe(cfg)
    x = jnp.ones((2, cfg.width))
    _, masks = scan(lambda c, _: (c, step(c)), x, None, length=6)
    return masks
