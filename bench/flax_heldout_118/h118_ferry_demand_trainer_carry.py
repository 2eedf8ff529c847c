# label: ok
# flax-error: none
# class: 4 the departure scheduler goes through trainer.evaluator.predict(...), which applies the model with 'telemetry' mutable; the telemetry rides in the while_loop state and is handed back to the trainer after the loop
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
        demand, updates = self.model.apply(variables, features, mutable=["telemetry"])
        return demand, updates["telemetry"]


class DemandTrainer:
    def __init__(self, model, variables):
        self._variables = variables
        self.evaluator = DemandEvaluator(model)

    @property
    def variables(self):
        return self._variables

    def update_telemetry(self, telemetry):
        self._variables = {**self._variables, "telemetry": telemetry}


class DepartureScheduler:
    def __init__(self, trainer, deck_capacity):
        self.trainer = trainer
        self.deck_capacity = deck_capacity

    def extra_sailings(self, sailings):
        params = self.trainer.variables["params"]

        def more(state):
            i, load, _ = state
            return (i < sailings.shape[0]) & (load < self.deck_capacity)

        def sail(state):
            i, load, telemetry = state
            demand, telemetry = self.trainer.evaluator.predict(
                {"params": params, "telemetry": telemetry}, sailings[i])
            return i + 1, load + demand.sum(), telemetry

        init = (jnp.int32(0), jnp.zeros(()), self.trainer.variables["telemetry"])
        i, load, telemetry = while_loop(more, sail, init)
        self.trainer.update_telemetry(telemetry)
        return i, load


def main():
    sailings = jax.random.uniform(jax.random.key(2), (12, 3, 5))  # sailings x lanes x features
    model = FerryDemandNet()
    variables = model.init(jax.random.key(0), sailings[0])
    scheduler = DepartureScheduler(DemandTrainer(model, variables), deck_capacity=600.0)
    scheduler.extra_sailings(sailings)
    return None
