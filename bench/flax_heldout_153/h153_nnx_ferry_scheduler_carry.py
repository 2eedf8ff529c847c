# label: ok
# flax-error: none
# class: 4 Scheduler holds a ModelAdapter holding graphdef/state from nnx.split; the state rides in the scan carry, the body merges it, runs the model and returns nnx.state(merged), which nnx.update writes into the adapter's model after the loop
"""Ferry crossing planner: a demand network with running load statistics sizes each crossing of
the day; the scheduler updates the statistics while planning and then serves live forecasts."""
import jax
import jax.numpy as jnp
from flax import nnx


class LoadStat(nnx.Variable):
    """Running mean of observed vehicle load, kept apart from the trainable parameters."""


class DemandNet(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_features, 8, rngs=rngs)
        self.load = nnx.Linear(8, 1, rngs=rngs)
        self.mean_load = LoadStat(jnp.zeros(()))

    def __call__(self, x, update_stats=True):
        load = nnx.softplus(self.load(nnx.relu(self.encode(x))))[..., 0]
        if update_stats:
            self.mean_load[...] = 0.9 * self.mean_load[...] + 0.1 * load.mean()
        return load - self.mean_load[...]


class ModelAdapter:
    def __init__(self, model):
        self.model = model
        self.graphdef, self.state = nnx.split(model)


class Scheduler:
    def __init__(self, adapter, deck_capacity):
        self.adapter = adapter
        self.deck_capacity = deck_capacity
        self._latest = None

    def plan_day(self, demand):
        def crossing(carry, features):
            capacity_left, state = carry
            model = nnx.merge(self.adapter.graphdef, state)
            load = model(features)
            return (capacity_left - load.sum(), nnx.state(model)), load.mean()

        init = (jnp.asarray(self.deck_capacity), self.adapter.state)
        (_, self._latest), plan = jax.lax.scan(crossing, init, demand)
        nnx.update(self.adapter.model, self._latest)
        return plan

    def live_forecast(self, features):
        return self.adapter.model(features, update_stats=False)


def main():
    model = DemandNet(n_features=5, rngs=nnx.Rngs(0))
    scheduler = Scheduler(ModelAdapter(model), deck_capacity=120.0)
    demand = jnp.linspace(0.0, 1.0, 9 * 6 * 5).reshape(9, 6, 5)
    scheduler.plan_day(demand)
    forecast = scheduler.live_forecast(demand[0])
    jax.block_until_ready(forecast)
    return None
