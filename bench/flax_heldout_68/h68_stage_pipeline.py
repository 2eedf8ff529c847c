# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a ModelStage object stores model.apply and its variables; the pipeline's scan body calls it in train mode without mutable
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Backbone(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


@dataclasses.dataclass
class Preprocess:
    mean: float = 0.0
    std: float = 1.0

    def __call__(self, x):
        return (x - self.mean) / self.std


class ModelStage:
    """Wraps a Linen module so it can be dropped into a Pipeline like any other stage."""

    def __init__(self, module, variables):
        self.module = module
        self.variables = variables
        self._apply = module.apply

    def __call__(self, x):
        return self._apply(self.variables, x, train=True)


@dataclasses.dataclass
class Postprocess:
    def __call__(self, y):
        return jnp.mean(y, axis=-1)


class Pipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def forward(self, x):
        for stage in self.stages:
            x = stage(x)
        return x

    def run_stream(self, batches):
        def body(total, batch):
            out = self.forward(batch)
            return total + out.sum(), out

        total, _ = lax.scan(body, jnp.zeros(()), batches)
        return total


def main():
    model = Backbone()
    x = jnp.ones((8, 4))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    pipe = Pipeline([Preprocess(0.5, 2.0), ModelStage(model, variables), Postprocess()])
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    pipe.run_stream(batches)
    return None
