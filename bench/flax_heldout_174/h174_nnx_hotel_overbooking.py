# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 OverbookingPolicy.no_show_rate is an nnx.metrics.Average; the jax.lax.fori_loop body calls self.no_show_rate.update()
"""Hotel overbooking policy: how many rooms to oversell per arrival date.

The policy predicts the no-show rate of every arrival date in the season and keeps
a running average of the predicted rate for the revenue dashboard.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class NoShowModel(nnx.Module):
    def __init__(self, n_features, rngs):
        self.lin1 = nnx.Linear(n_features, 12, rngs=rngs)
        self.lin2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, bookings):
        return jax.nn.sigmoid(self.lin2(nnx.tanh(self.lin1(bookings)))).squeeze(-1)


class OverbookingPolicy:
    def __init__(self, model, capacity):
        self.model = model
        self.capacity = capacity
        self.no_show_rate = nnx.metrics.Average()

    def plan_season(self, arrivals):
        def body(day, oversell):
            rate = self.model(arrivals[day])
            self.no_show_rate.update(values=rate)
            extra = jnp.floor(self.capacity * jnp.mean(rate)).astype(jnp.int32)
            return oversell.at[day].set(extra)

        n_days = arrivals.shape[0]
        return jax.lax.fori_loop(0, n_days, body, jnp.zeros(n_days, jnp.int32))

    def dashboard(self):
        return {"avg_no_show": self.no_show_rate.compute()}


def main():
    arrivals = jax.random.normal(jax.random.key(0), (14, 20, 6))  # days x bookings x features
    model = NoShowModel(6, nnx.Rngs(0))
    policy = OverbookingPolicy(model, capacity=180)
    policy.plan_season(arrivals)
    policy.dashboard()
    return None
