# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "usage" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 STRATEGIES registry -> strategy.scorer.apply(strategy.variables, ...) without mutable, the scorer counts its calls in a "usage" variable, called in the while_loop body
"""Ferry berth allocation: berth strategies are registered by name; the harbour planner keeps
assigning arriving ferries until every ferry has a berth or the shift ends."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

STRATEGIES = {}


def register_strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


class BerthScorer(nn.Module):
    berths: int

    @nn.compact
    def __call__(self, ferry):
        calls = self.variable("usage", "calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value = calls.value + 1
        return nn.Dense(self.berths)(nn.relu(nn.Dense(8)(ferry)))


@register_strategy("learned")
class LearnedStrategy:
    def __init__(self, scorer, variables):
        self.scorer = scorer
        self.variables = variables

    def choose(self, ferry, free):
        scores = self.scorer.apply(self.variables, ferry)
        return jnp.argmax(jnp.where(free, scores, -jnp.inf))


class HarbourPlanner:
    def __init__(self, strategy_name, **kwargs):
        self.strategy = STRATEGIES[strategy_name](**kwargs)

    def assign(self, ferries, berths):
        def cond(state):
            i, free, _ = state
            return (i < ferries.shape[0]) & free.any()

        def body(state):
            i, free, assigned = state
            berth = self.strategy.choose(ferries[i], free)
            return i + 1, free.at[berth].set(False), assigned.at[i].set(berth)

        init = (0, jnp.ones(berths, bool), jnp.full(ferries.shape[0], -1))
        return lax.while_loop(cond, body, init)


def main():
    berths = 4
    scorer = BerthScorer(berths=berths)
    ferries = jax.random.uniform(jax.random.key(2), (5, 3))
    variables = scorer.init(jax.random.key(0), ferries[0])
    planner = HarbourPlanner("learned", scorer=scorer, variables=variables)
    _, free, assigned = planner.assign(ferries, berths)
    print(assigned, free)
    return None
