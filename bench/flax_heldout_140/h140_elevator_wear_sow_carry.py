# label: ok
# flax-error: none
# class: 1 CableWearModel.__call__ runs fori_loop itself; each trip's wear goes into a carried buffer that is sown after the loop
"""Elevator maintenance: hoist-cable wear accumulated over one duty cycle, reported per trip."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class CableWearModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, loads):
        encode = nn.Dense(self.hidden, name="encode")
        wear_head = nn.Dense(1, name="wear_head")
        features = nn.relu(encode(loads))
        wear_head(features[0])  # create the head's params before the loop

        def trip(i, carry):
            total, per_trip = carry
            wear = nn.softplus(wear_head(features[i]))
            return total + wear, per_trip.at[i].set(wear[0])

        start = (jnp.zeros(1), jnp.zeros(loads.shape[0]))
        total, per_trip = fori_loop(0, loads.shape[0], trip, start)
        self.sow("intermediates", "trip_wear", per_trip)
        return total


class WearReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def build(self, loads):
        total, state = self.model.apply(self.variables, loads, mutable=["intermediates"])
        per_trip = jnp.concatenate(state["intermediates"]["trip_wear"])
        return {"total": total, "worst_trip": jnp.argmax(per_trip), "per_trip": per_trip}


class MaintenancePlanner:
    def __init__(self, report, limit):
        self.report = report
        self.limit = limit

    def needs_service(self, loads):
        summary = self.report.build(loads)
        return bool(summary["total"][0] > self.limit), int(summary["worst_trip"])


def main():
    model = CableWearModel()
    loads = jax.random.uniform(jax.random.key(3), (12, 4)) * 800.0
    variables = model.init(jax.random.key(0), loads)
    planner = MaintenancePlanner(WearReport(model, variables), limit=50.0)
    planner.needs_service(loads)
    return None
