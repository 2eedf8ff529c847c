# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the departure scheduler goes through trainer.evaluator.predict(trainer.variables, ...), which applies the model without making its 'telemetry' collection mutable, inside the while_loop body
"""Ferry crossing demand: before each sailing the departure scheduler predicts vehicle
bookings and stops adding extra sailings once the deck capacity of the day is used up.
The demand model tracks the peak demand it has seen in a 'telemetry' collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class FerryDemandNet(nn.Module):
    @nn.compact
    def __call__(self, features):
        peak = self.variable("telemetry", "peak", lambda: jnp.zeros(()))
        demand = nn.softplus(nn.Dense(1)(nn.tanh(nn.Dense(16)(features))))[..., 0] * 40.0
        if not self.is_initializing():
            peak.value = jnp.maximum(peak.value, demand.max())
        return demand


class DemandEvaluator:
    def __init__(self, model):
        self.model = model

    def predict(self, variables, features):
        return self.model.apply(variables, features)


class DemandTrainer:
    def __init__(self, model, variables):
        self._variables = variables
        self.evaluator = DemandEvaluator(model)

    @property
    def variables(self):
        return self._variables


class DepartureScheduler:
    def __init__(self, trainer, deck_capacity):
        self.trainer = trainer
        self.deck_capacity = deck_capacity

    def extra_sailings(self, sailings):
        def more(state):
            i, load = state
            return (i < sailings.shape[0]) & (load < self.deck_capacity)

        def sail(state):
            i, load = state
            demand = self.trainer.evaluator.predict(self.trainer.variables, sailings[i])
            return i + 1, load + demand.sum()

        return while_loop(more, sail, (jnp.int32(0), jnp.zeros(())))


def main():
    sailings = jax.random.uniform(jax.random.key(2), (12, 3, 5))  # sailings x lanes x features
    model = FerryDemandNet()
    variables = model.init(jax.random.key(0), sailings[0])
    scheduler = DepartureScheduler(DemandTrainer(model, variables), deck_capacity=600.0)
    scheduler.extra_sailings(sailings)
    return None
