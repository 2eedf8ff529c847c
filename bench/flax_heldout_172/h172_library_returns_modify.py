# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "backlog" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local model.bind(variables) in main goes straight into the fori_loop body; forecast_day writes the "queue" collection, which the bound scope does not allow
"""Library book returns: forecasts the returns-desk backlog for each day of the week; the model
keeps the carried-over backlog in its own 'queue' collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class ReturnsModel(nn.Module):
    n_branches: int = 3

    def setup(self):
        self.arrivals_head = nn.Dense(self.n_branches)
        self.backlog = self.variable("queue", "backlog", jnp.zeros, (self.n_branches,))

    def __call__(self, day_feats):
        return nn.softplus(self.arrivals_head(day_feats))

    def forecast_day(self, day_feats):
        arrivals = self(day_feats)
        processed = jnp.minimum(self.backlog.value + arrivals, 40.0)
        self.backlog.value = self.backlog.value + arrivals - processed * 0.5
        return self.backlog.value.sum()


def main():
    model = ReturnsModel()
    week = jnp.linspace(0.0, 1.0, 7 * 5).reshape(7, 5)
    variables = model.init(jax.random.key(0), week[0], method=ReturnsModel.forecast_day)
    bound = model.bind(variables)

    def day(d, total):
        return total + bound.forecast_day(week[d])

    total = fori_loop(0, 7, day, jnp.zeros(()))
    print("books waiting over the week", total)
    return None
