# label: ok
# flax-error: none
# class: 5 make_replenish_step(graphdef) is a factory returning a jax.checkpoint-wrapped step over the model state; the state goes through the carry and nnx.update stores it after the loop
"""Hospital pharmacy inventory (NNX): simulate daily dispensing and reorders per drug.

The replenishment model tracks the on-hand stock in a StockLevel variable; the simulator
steps day by day until a stock-out or the end of the review period.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_DRUGS = 5


class StockLevel(nnx.Variable):
    pass


class ReplenishmentModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.order_policy = nnx.Linear(2 * N_DRUGS, N_DRUGS, rngs=rngs)
        self.stock = StockLevel(jnp.full((N_DRUGS,), 20.0))

    def __call__(self, demand):
        stock = self.stock[...]
        order = nnx.relu(self.order_policy(jnp.concatenate([stock, demand])))
        self.stock[...] = jnp.maximum(stock - demand, 0.0) + order
        return jnp.min(self.stock[...])


def make_replenish_step(graphdef):
    @jax.checkpoint
    def step(state, demand):
        model = nnx.merge(graphdef, state)
        lowest = model(demand)
        return nnx.state(model), lowest

    return step


def review_period(model, daily_demand, max_days):
    graphdef, state = nnx.split(model)
    replenish = make_replenish_step(graphdef)

    def cond(carry):
        day, lowest, _ = carry
        return (day < max_days) & (lowest > 0.0)

    def body(carry):
        day, _, state = carry
        state, lowest = replenish(state, daily_demand[day])
        return day + 1, lowest, state

    day, lowest, state = jax.lax.while_loop(cond, body, (0, jnp.array(1.0), state))
    nnx.update(model, state)
    return day, lowest


def main():
    model = ReplenishmentModel(nnx.Rngs(0))
    demand = jax.random.uniform(jax.random.key(1), (14, N_DRUGS)) * 6.0
    review_period(model, demand, max_days=14)
    return None
