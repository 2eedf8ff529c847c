# label: ok
# flax-error: none
# class: 4 STRATEGIES registry -> strategy.scorer.apply(..., mutable=["usage"]); the usage collection enters and leaves the while_loop as carry
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
        self.params = variables["params"]
        self.usage = variables["usage"]

    def choose(self, usage, ferry, free):
        scores, updates = self.scorer.apply(
            {"params": self.params, "usage": usage}, ferry, mutable=["usage"])
        return jnp.argmax(jnp.where(free, scores, -jnp.inf)), updates["usage"]


class HarbourPlanner:
    def __init__(self, strategy_name, **kwargs):
        self.strategy = STRATEGIES[strategy_name](**kwargs)

    def assign(self, ferries, berths):
        def cond(state):
            i, free, _, _ = state
            return (i < ferries.shape[0]) & free.any()

        def body(state):
            i, free, assigned, usage = state
            berth, usage = self.strategy.choose(usage, ferries[i], free)
            return i + 1, free.at[berth].set(False), assigned.at[i].set(berth), usage

        init = (0, jnp.ones(berths, bool), jnp.full(ferries.shape[0], -1), self.strategy.usage)
        i, free, assigned, self.strategy.usage = lax.while_loop(cond, body, init)
        return i, free, assigned


def main():
    berths = 4
    scorer = BerthScorer(berths=berths)
    ferries = jax.random.uniform(jax.random.key(2), (5, 3))
    variables = scorer.init(jax.random.key(0), ferries[0])
    planner = HarbourPlanner("learned", scorer=scorer, variables=variables)
    _, free, assigned = planner.assign(ferries, berths)
    print(assigned, free, planner.strategy.usage)
    return None
