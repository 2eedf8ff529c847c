# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a BN-recalibration plugin reaches the model through orchestrator -> trainer and calls it in train mode inside a jax.checkpoint'ed scan body
"""Training orchestrator (NNX) with a plugin list; one plugin re-estimates BatchNorm statistics after pruning."""
from typing import List

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.head(x.mean(axis=(1, 2)))


class Trainer:
    def __init__(self):
        self.model = ConvNet(nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(1e-3), wrt=nnx.Param)


class Plugin:
    def after_fit(self, trainer: Trainer, data):
        pass


class BNRecalibration(Plugin):
    def after_fit(self, trainer, data):
        model = trainer.model
        model.train()

        @jax.checkpoint
        def body(n, x):
            model(x)
            return n + 1, None

        jax.lax.scan(body, 0, data)
        model.eval()


class Orchestrator:
    def __init__(self, plugins: List[Plugin]):
        self.trainer = Trainer()
        self.plugins = plugins

    def run(self, data):
        for plugin in self.plugins:
            plugin.after_fit(self.trainer, data)


def main():
    data = jax.random.normal(jax.random.PRNGKey(0), (3, 2, 8, 8, 1))
    Orchestrator([Plugin(), BNRecalibration()]).run(data)
    return None
