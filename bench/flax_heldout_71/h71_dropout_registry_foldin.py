# label: ok
# flax-error: none
# class: 4 a plugin registry returns a model by name; an MCDropoutEstimator keeps a base key on self and the scan body folds the sample index into it before model.apply
"""Monte-Carlo dropout uncertainty estimates for models looked up in a plugin registry (key folded per sample)."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn

MODEL_REGISTRY: Dict[str, Callable[..., nn.Module]] = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls

    return deco


@register("mlp_dropout")
class DropoutMLP(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


def build(name, **kw):
    return MODEL_REGISTRY[name](**kw)


class MCDropoutEstimator:
    def __init__(self, model, variables, key, num_samples=6):
        self.model = model
        self.variables = variables
        self.key = key
        self.num_samples = num_samples

    def sample(self, x):
        def body(carry, i):
            y = self.model.apply(self.variables, x, rngs={"dropout": jax.random.fold_in(self.key, i)})
            return carry, y

        _, ys = jax.lax.scan(body, None, jnp.arange(self.num_samples))
        return ys


def main():
    model = build("mlp_dropout", rate=0.5)
    x = jax.random.normal(jax.random.PRNGKey(0), (4, 8))
    variables = model.init(jax.random.PRNGKey(1), x, deterministic=True)
    est = MCDropoutEstimator(model, variables, jax.random.PRNGKey(2))
    return est.sample(x)
