# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "strikes" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step builder registered under "strike" wraps partial(model.apply, variables); the scan body runs it and the model bumps its 'counters' variable
"""Bell foundry QA: predicts hum/prime/tierce partial deviations for a run of test strikes."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

STEP_BUILDERS = {}


def register_step(name):
    def decorator(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return decorator


class PartialPredictor(nn.Module):
    partials: int = 5

    @nn.compact
    def __call__(self, strike):
        strikes = self.variable("counters", "strikes", lambda: jnp.zeros((), jnp.int32))
        strikes.value = strikes.value + 1
        h = nn.gelu(nn.Dense(20)(strike))
        return nn.Dense(self.partials)(h)  # cents off the ideal partial ratios


@register_step("strike")
def build_strike_step(model, variables):
    predict = partial(model.apply, variables)

    def step(worst, strike):
        deviation = predict(strike)
        return jnp.maximum(worst, jnp.abs(deviation)), deviation

    return step


class QualityRun:
    def __init__(self, model, variables, step_name="strike"):
        self.step = STEP_BUILDERS[step_name](model, variables)

    def __call__(self, strikes):
        return scan(self.step, jnp.zeros((5,)), strikes)


def main():
    model = PartialPredictor()
    strikes = jax.random.normal(jax.random.key(5), (9, 4))
    variables = model.init(jax.random.key(0), strikes[0])
    worst, deviations = QualityRun(model, variables)(strikes)
    jax.block_until_ready((worst, deviations))
    return None
