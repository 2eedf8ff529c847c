# label: same-values
# flax-error: none
# class: 4 ReplenishService.snapshot keeps nnx.split(model); the fori_loop body re-materialises the forecaster with nnx.merge(..., copy=True) from the same stored state every day
"""Stock replenishment optimiser: a dropout demand forecaster is sampled once per simulated day to
build an order-up-to plan with demand uncertainty. The service keeps a snapshot (graphdef, state)
of the forecaster, as it does for its worker processes, and materialises a copy inside the loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DemandForecaster(nnx.Module):
    def __init__(self, skus: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(skus, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(16, skus, rngs=rngs)

    def __call__(self, stock):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(stock)))))


class Snapshot:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)

    def materialize(self, state=None):
        return nnx.merge(self.graphdef, self.state if state is None else state, copy=True)


class ReplenishService:
    def __init__(self, snapshot, horizon, safety=1.2):
        self.snapshot = snapshot
        self.horizon = horizon
        self.safety = safety

    def simulate(self, stock):
        def body(day, plan):
            forecaster = self.snapshot.materialize()
            demand = forecaster(stock)
            return plan.at[day].set(jnp.maximum(self.safety * demand - stock, 0.0))

        return lax.fori_loop(0, self.horizon, body, jnp.zeros((self.horizon, stock.shape[0])))


def main():
    model = DemandForecaster(6, nnx.Rngs(params=0, dropout=1))
    stock = jnp.array([4.0, 0.5, 2.0, 7.0, 1.0, 3.0])
    service = ReplenishService(Snapshot(model), horizon=7)
    return service.simulate(stock)
