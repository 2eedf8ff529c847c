# label: ok
# flax-error: none
# class: 3 a ModelStage object stores model.apply; the pipeline carries batch_stats through the scan carry and applies with mutable
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
    """Wraps a Linen module; the mutable batch statistics travel with the caller."""

    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self._apply = module.apply

    def step(self, batch_stats, x):
        y, updates = self._apply(
            {"params": self.params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return y, updates["batch_stats"]


@dataclasses.dataclass
class Postprocess:
    def __call__(self, y):
        return jnp.mean(y, axis=-1)


class Pipeline:
    def __init__(self, pre, model_stage, post):
        self.pre, self.model_stage, self.post = pre, model_stage, post

    def run_stream(self, batches):
        def body(carry, batch):
            total, stats = carry
            y, stats = self.model_stage.step(stats, self.pre(batch))
            out = self.post(y)
            return (total + out.sum(), stats), out

        (total, stats), _ = lax.scan(body, (jnp.zeros(()), self.model_stage.batch_stats), batches)
        self.model_stage.batch_stats = stats
        return total


def main():
    model = Backbone()
    x = jnp.ones((8, 4))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    pipe = Pipeline(Preprocess(0.5, 2.0), ModelStage(model, variables), Postprocess())
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    pipe.run_stream(batches)
    jax.block_until_ready(pipe.model_stage.batch_stats)
    return None
