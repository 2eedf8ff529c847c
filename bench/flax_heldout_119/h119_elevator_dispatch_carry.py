# label: ok
# flax-error: none
# class: 4 a callback in the runner's callback list applies runner.model (method track_load, mutable) in the scan body; the load statistics go through the carry and back into runner.state after the loop
"""Elevator group dispatch: score car assignments per hall call, with a callback that keeps the
per-car load statistics up to date."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class DispatchNet(nn.Module):
    cars: int = 4

    def setup(self):
        self.hidden = nn.Dense(24)
        self.head = nn.Dense(self.cars)
        self.load = self.variable("load_stats", "mean_load", jnp.zeros, (self.cars,))

    def __call__(self, call_features):
        logits = self.head(nn.relu(self.hidden(call_features)))
        return logits - 0.5 * self.load.value

    def track_load(self, assignment):
        self.load.value = 0.95 * self.load.value + 0.05 * assignment
        return self.load.value


@dataclasses.dataclass
class RunnerState:
    variables: dict
    step: int = 0


class LoadStatsCallback:
    def on_step(self, runner, assignment, load_stats):
        variables = {**runner.state.variables, "load_stats": load_stats}
        _, updates = runner.model.apply(variables, assignment, method=DispatchNet.track_load,
                                        mutable=["load_stats"])
        return updates["load_stats"]


class DispatchRunner:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.state = RunnerState(variables)
        self.callbacks = list(callbacks)

    def serve(self, hall_calls):
        def one_call(carry, features):
            waiting, load_stats = carry
            variables = {**self.state.variables, "load_stats": load_stats}
            logits = self.model.apply(variables, features)
            assignment = jax.nn.one_hot(jnp.argmax(logits), logits.shape[-1])
            for callback in self.callbacks:
                load_stats = callback.on_step(self, assignment, load_stats)
            return (waiting + 1.0 - assignment.max(), load_stats), jnp.argmax(logits)

        start = (jnp.zeros(()), self.state.variables["load_stats"])
        (waiting, load_stats), cars = lax.scan(one_call, start, hall_calls)
        self.state.variables = {**self.state.variables, "load_stats": load_stats}
        return waiting, cars


def main():
    hall_calls = jax.random.normal(jax.random.key(0), (20, 6))
    model = DispatchNet()
    variables = model.init(jax.random.key(1), hall_calls[0])
    runner = DispatchRunner(model, variables, [LoadStatsCallback()])
    _, cars = runner.serve(hall_calls)
    jax.block_until_ready(cars)
    return None
