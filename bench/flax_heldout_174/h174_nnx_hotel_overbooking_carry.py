# label: ok
# flax-error: none
# class: 3 OverbookingPolicy.no_show_rate is an nnx.metrics.Average; its nnx.split state is carried through jax.lax.fori_loop, merged and updated in the body, and nnx.update-d afterwards
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
        metric_def, metric_state = nnx.split(self.no_show_rate)

        def body(day, carry):
            oversell, metric_state = carry
            rate = self.model(arrivals[day])
            metric = nnx.merge(metric_def, metric_state)
            metric.update(values=rate)
            extra = jnp.floor(self.capacity * jnp.mean(rate)).astype(jnp.int32)
            return oversell.at[day].set(extra), nnx.state(metric)

        n_days = arrivals.shape[0]
        start = (jnp.zeros(n_days, jnp.int32), metric_state)
        oversell, metric_state = jax.lax.fori_loop(0, n_days, body, start)
        nnx.update(self.no_show_rate, metric_state)
        return oversell

    def dashboard(self):
        return {"avg_no_show": self.no_show_rate.compute()}


def main():
    arrivals = jax.random.normal(jax.random.key(0), (14, 20, 6))  # days x bookings x features
    model = NoShowModel(6, nnx.Rngs(0))
    policy = OverbookingPolicy(model, capacity=180)
    policy.plan_season(arrivals)
    policy.dashboard()
    return None
