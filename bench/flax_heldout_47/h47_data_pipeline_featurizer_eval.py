# label: ok
# flax-error: none
# class: 4 a bound feature extractor (model.bind(variables)) stored on the pipeline is called with train=False inside the fori_loop body, so nothing is written
"""Data pipeline that embeds raw records with a pretrained featurizer inside a preprocessing loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Featurizer(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.gelu(x)


class PreprocessStage:
    def __init__(self, name):
        self.name = name

    def __call__(self, batch):
        raise NotImplementedError


class Standardize(PreprocessStage):
    def __call__(self, batch):
        return (batch - batch.mean(axis=-1, keepdims=True)) / (batch.std(axis=-1, keepdims=True) + 1e-6)


class Embed(PreprocessStage):
    def __init__(self, name, bound_model):
        super().__init__(name)
        self.bound_model = bound_model

    def __call__(self, batch):
        return self.bound_model(batch, train=False)


class Pipeline:
    def __init__(self, stages):
        self.stages = stages

    def run(self, records):
        n = records.shape[0]
        out = jnp.zeros((n, records.shape[1], 8))

        def body(i, buf):
            batch = records[i]
            for stage in self.stages:
                batch = stage(batch)
            return buf.at[i].set(batch)

        return lax.fori_loop(0, n, body, out)


def main():
    model = Featurizer()
    records = jax.random.normal(jax.random.key(0), (4, 3, 5))
    variables = model.init(jax.random.key(1), records[0], train=False)
    pipe = Pipeline([Standardize("std"), Embed("embed", model.bind(variables))])
    pipe.run(records).block_until_ready()
    return None
