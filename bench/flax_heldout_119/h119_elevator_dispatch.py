# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean_load" in "/" because collection "load_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a callback in the runner's callback list applies runner.model with runner.state.variables (method track_load) in the scan body
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
    def on_step(self, runner, assignment):
        runner.model.apply(runner.state.variables, assignment, method=DispatchNet.track_load)


class DispatchRunner:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.state = RunnerState(variables)
        self.callbacks = list(callbacks)

    def serve(self, hall_calls):
        def one_call(waiting, features):
            logits = self.model.apply(self.state.variables, features)
            assignment = jax.nn.one_hot(jnp.argmax(logits), logits.shape[-1])
            for callback in self.callbacks:
                callback.on_step(self, assignment)
            return waiting + 1.0 - assignment.max(), jnp.argmax(logits)

        return lax.scan(one_call, jnp.zeros(()), hall_calls)


def main():
    hall_calls = jax.random.normal(jax.random.key(0), (20, 6))
    model = DispatchNet()
    variables = model.init(jax.random.key(1), hall_calls[0])
    runner = DispatchRunner(model, variables, [LoadStatsCallback()])
    _, cars = runner.serve(hall_calls)
    jax.block_until_ready(cars)
    return None
