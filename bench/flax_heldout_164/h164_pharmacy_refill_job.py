# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "backlog" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 NightlyRefillJob -> LegacyDispenseAdapter -> model.bind(variables) whose 'queue' backlog is updated, called in the while_loop body
"""Hospital pharmacy: a nightly job simulates dispensing until a drug needs reordering.

The dispensing model sits behind an adapter that mimics the old cabinet API (dict in,
dict out); the scheduled job drains the simulated stock with lax.while_loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DispenseModel(nn.Module):
    n_drugs: int = 5

    @nn.compact
    def __call__(self, ward_load):
        backlog = self.variable("queue", "backlog", jnp.zeros, (self.n_drugs,))
        demand = nn.softplus(nn.Dense(self.n_drugs)(ward_load))
        backlog.value = 0.5 * backlog.value + 0.5 * demand
        return demand + 0.1 * backlog.value


class LegacyDispenseAdapter:
    """Keeps the cabinet firmware's request/response shape."""

    def __init__(self, model, variables):
        self._model = model.bind(variables)

    def dispense(self, request):
        units = self._model(request["ward_load"])
        return {"units": units, "cabinet": request["cabinet"]}


class NightlyRefillJob:
    schedule = "0 2 * * *"

    def __init__(self, adapter: LegacyDispenseAdapter, reorder_point: float, max_hours: int):
        self.adapter = adapter
        self.reorder_point = reorder_point
        self.max_hours = max_hours

    def run(self, stock, ward_load):
        def keep_going(state):
            hour, level = state
            return (hour < self.max_hours) & (level.min() > self.reorder_point)

        def hour_step(state):
            hour, level = state
            reply = self.adapter.dispense({"ward_load": ward_load, "cabinet": "ICU-2"})
            return hour + 1, level - reply["units"]

        hours, level = lax.while_loop(keep_going, hour_step, (0, stock))
        return hours, level


def main():
    model = DispenseModel()
    ward_load = jax.random.uniform(jax.random.key(1), (3,))
    variables = model.init(jax.random.key(0), ward_load)
    job = NightlyRefillJob(LegacyDispenseAdapter(model, variables), reorder_point=5.0, max_hours=48)
    hours, level = job.run(jnp.full((5,), 40.0), ward_load)
    print("reorder after", hours, "hours; levels", level)
    return None
