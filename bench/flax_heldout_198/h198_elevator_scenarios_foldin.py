# label: ok
# flax-error: none
# class: 3 the while_loop body in ElevatorDispatcher.stress_scenarios calls self.generate (functools.partial(model.apply, variables)) with self.scenario_key folded with the loop counter
"""Elevator group dispatch: before a planner update goes live, the dispatcher draws
stress-test hall-call scenarios from a generative demand model until it has enough of them
or the total simulated load exceeds the test budget."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop

N_FLOORS = 12


class DemandScenarioModel(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, hour_of_day):
        z = jax.random.normal(self.make_rng("scenario"), (self.latent,))
        clock = jnp.array([jnp.sin(hour_of_day / 24.0 * 2 * jnp.pi), jnp.cos(hour_of_day / 24.0 * 2 * jnp.pi)])
        h = nn.tanh(nn.Dense(16)(jnp.concatenate([z, clock])))
        return nn.softplus(nn.Dense(N_FLOORS)(h))


class ElevatorDispatcher:
    def __init__(self, model, variables, seed):
        self.generate = functools.partial(model.apply, variables)
        self.scenario_key = jax.random.key(seed)

    def stress_scenarios(self, hour_of_day, n_scenarios, load_budget):
        def more(state):
            i, total, _ = state
            return (i < n_scenarios) & (total < load_budget)

        def draw(state):
            i, total, buf = state
            key = jax.random.fold_in(self.scenario_key, i)
            calls = self.generate(hour_of_day, rngs={"scenario": key})
            return i + 1, total + jnp.sum(calls), buf.at[i].set(calls)

        init = (0, jnp.float32(0.0), jnp.zeros((n_scenarios, N_FLOORS)))
        _, _, scenarios = while_loop(more, draw, init)
        return scenarios


def main():
    model = DemandScenarioModel()
    variables = model.init({"params": jax.random.key(0), "scenario": jax.random.key(1)}, 8.0)
    dispatcher = ElevatorDispatcher(model, variables, seed=7)
    return dispatcher.stress_scenarios(8.0, n_scenarios=6, load_budget=1e6)
