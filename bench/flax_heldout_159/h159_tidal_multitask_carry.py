# label: ok
# flax-error: none
# class: 1 the multi-task model's __call__ picks a head by task name, takes the first step outside the loop to build the initial carry, then scans the rest
"""Tidal energy site model: shared encoder with one head per task, selected by task name."""
import jax
import jax.numpy as jnp
from flax import linen as nn

TASKS = ("power", "water_level", "current_speed")


class TidalMultiTask(nn.Module):
    hidden: int = 12
    tasks: tuple = TASKS

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.heads = {task: nn.Dense(1) for task in self.tasks}

    def __call__(self, series, task: str):
        head = self.heads[task]

        def step(state, reading):
            state = jnp.tanh(self.encoder(jnp.concatenate([reading, state], axis=-1)))
            return state, head(state)

        state0 = jnp.zeros((series.shape[1], self.hidden))
        state1, first = step(state0, series[0])
        _, rest = jax.lax.scan(step, state1, series[1:])
        return jnp.concatenate([first[None], rest], axis=0)


class TaskRouter:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def predict(self, task, series):
        if task not in self.model.tasks:
            raise KeyError(f"unknown task {task!r}")
        return self.model.apply(self.variables, series, task)


def main():
    model = TidalMultiTask()
    series = jax.random.normal(jax.random.key(2), (8, 4, 3))
    variables = model.init(jax.random.key(0), series, "power")
    router = TaskRouter(model, variables)
    forecast = router.predict("power", series)
    jax.block_until_ready(forecast)
    return None
