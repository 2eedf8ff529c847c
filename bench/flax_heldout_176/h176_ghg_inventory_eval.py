# label: ok
# flax-error: none
# class: 4 the estimator's evaluator holds the module, its variables and shared run options; the while_loop body calls self.evaluator.predict, which applies with eval options (train=False, running statistics)
"""Greenhouse gas inventory estimator.

Sector activity data are reconciled against a learned emission-factor model: the estimator
rescales activity until the predicted national total stops moving.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class RunOptions:
    train: bool = True
    tolerance: float = 1e-3
    max_rounds: int = 20


class EmissionFactorNet(nn.Module):
    sectors: int = 7

    @nn.compact
    def __call__(self, activity, train: bool):
        h = nn.Dense(16)(activity)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(self.sectors)(nn.tanh(h)))


class Evaluator:
    def __init__(self, module, variables, options):
        self.module = module
        self.variables = variables
        self.options = options

    def predict(self, activity):
        return self.module.apply(self.variables, activity, train=self.options.train)


class InventoryEstimator:
    def __init__(self, evaluator):
        self.evaluator = evaluator

    def reconcile(self, activity, reported_total):
        options = self.evaluator.options
        self.evaluator.options = dataclasses.replace(options, train=False)

        def cond(state):
            step, _, change = state
            return (step < options.max_rounds) & (change > options.tolerance)

        def body(state):
            step, scale, _ = state
            factors = self.evaluator.predict(activity * scale)
            total = jnp.sum(factors * activity * scale)
            new_scale = scale * jnp.sqrt(reported_total / total)
            return step + 1, new_scale, jnp.abs(new_scale - scale)

        return lax.while_loop(cond, body, (0, jnp.ones(()), jnp.ones(())))


def main():
    net = EmissionFactorNet()
    activity = jax.random.uniform(jax.random.key(0), (4, 7), minval=0.5, maxval=2.0)
    variables = net.init(jax.random.key(1), activity, train=False)
    evaluator = Evaluator(net, variables, RunOptions())
    estimator = InventoryEstimator(evaluator)
    estimator.reconcile(activity, reported_total=jnp.asarray(35.0))
    return None
