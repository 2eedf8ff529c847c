# label: same-values
# flax-error: none
# class: 3 the "droppath" rng is the key attribute of the MCPredictor dataclass, read by every fori_loop iteration
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class DropPath(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        if deterministic or self.rate == 0.0:
            return x
        keep = jax.random.bernoulli(self.make_rng("droppath"), 1.0 - self.rate, (x.shape[0], 1))
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


class ResBlock(nn.Module):
    features: int
    drop_path: float

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.features)(nn.LayerNorm()(x))
        return x + DropPath(self.drop_path)(nn.gelu(h), deterministic=not train)


class DeepNet(nn.Module):
    features: int = 6
    depth: int = 3
    max_drop: float = 0.5

    @nn.compact
    def __call__(self, x, train: bool = False):
        for i in range(self.depth):
            x = ResBlock(self.features, self.max_drop * (i + 1) / self.depth)(x, train)
        return nn.Dense(2)(x)


@dataclasses.dataclass
class MCPredictor:
    model: nn.Module
    variables: Any
    key: jax.Array

    def predict_samples(self, x, num_samples):
        out = jnp.zeros((num_samples, x.shape[0], 2))

        def body(i, out):
            y = self.model.apply(self.variables, x, train=True, rngs={"droppath": self.key})
            return out.at[i].set(y)

        return lax.fori_loop(0, num_samples, body, out)


def main():
    model = DeepNet()
    x = jnp.tile(jnp.linspace(-1.0, 1.0, 6), (4, 1))
    variables = model.init(jax.random.key(0), x)
    predictor = MCPredictor(model, variables, jax.random.key(7))
    return predictor.predict_samples(x, 6)
