# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "serving" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 rollout controller -> deployment -> canary endpoint: the while_loop body calls an endpoint whose module counts calls in a "serving" collection
"""Canary deployment: route a slice of traffic to the new model until the budget is used."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Scorer(nn.Module):
    @nn.compact
    def __call__(self, x):
        calls = self.variable("serving", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value += 1
        return nn.sigmoid(nn.Dense(1)(nn.gelu(nn.Dense(32)(x))))


@dataclass
class Endpoint:
    module: nn.Module
    variables: dict

    def predict(self, x):
        return self.module.apply(self.variables, x)


@dataclass
class Deployment:
    primary: Endpoint
    canary: Endpoint
    canary_fraction: float = 0.25


@dataclass
class RolloutController:
    deployment: Deployment
    budget: int = 4
    history: list = field(default_factory=list)

    def run(self, traffic):
        def cond(carry):
            i, disagreement = carry
            return (i < self.budget) & (disagreement < 10.0)

        def body(carry):
            i, disagreement = carry
            x = traffic[i]
            a = self.deployment.primary.predict(x)
            b = self.deployment.canary.predict(x)
            return i + 1, disagreement + jnp.abs(a - b).mean()

        return lax.while_loop(cond, body, (0, jnp.zeros(())))


def main():
    module = Scorer()
    x0 = jnp.ones((2, 6))
    primary = Endpoint(module, module.init(jax.random.PRNGKey(0), x0))
    canary = Endpoint(module, module.init(jax.random.PRNGKey(1), x0))
    traffic = jax.random.normal(jax.random.PRNGKey(2), (4, 2, 6))
    RolloutController(Deployment(primary, canary)).run(traffic)
    return None
