# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an EvalHarness looks up a metric fn in a registry and a model in a config dict; the while_loop body applies a BatchNorm model whose train flag comes from the config, without mutable
"""Evaluation harness: registered metrics, ml_collections-style config, while_loop over eval shards."""
import jax
import jax.numpy as jnp
from flax import linen as nn

METRICS = {}


def register_metric(name):
    def deco(fn):
        METRICS[name] = fn
        return fn
    return deco


@register_metric("mse")
def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


class Regressor(nn.Module):
    hidden: int
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not self.train)(x)
        return nn.Dense(1)(nn.gelu(x))


class EvalHarness:
    def __init__(self, config, variables):
        self.config = config
        self.model = Regressor(config.model.hidden, train=config.model.train)
        self.variables = variables
        self.metric = METRICS[config.eval.metric]

    def run(self, shards_x, shards_y):
        n = shards_x.shape[0]

        def cond(state):
            i, _ = state
            return i < n

        def body(state):
            i, total = state
            pred = self.model.apply(self.variables, shards_x[i])
            return i + 1, total + self.metric(pred, shards_y[i])

        _, total = jax.lax.while_loop(cond, body, (0, jnp.float32(0.0)))
        return total / n


def main():
    config = ConfigDict(
        model=ConfigDict(hidden=8, train=True),  # shared with the training config
        eval=ConfigDict(metric="mse"),
    )
    init_model = Regressor(config.model.hidden, train=False)
    variables = init_model.init(jax.random.key(1), jnp.ones((4, 3)))
    harness = EvalHarness(config, variables)
    score = harness.run(jnp.ones((5, 4, 3)), jnp.zeros((5, 4, 1)))
    jax.block_until_ready(score)
    return None
