# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "load" in "/remat(cell)" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 LiftNetwork scans the minutes of the day over an nn.remat-wrapped LiftCell; the rematerialised cell writes its 'queue' load variable, which the dashboard's apply leaves immutable
"""Ski-resort lift queue forecasting: skiers waiting at the base station minute by minute."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LiftSpec:
    chairs_per_minute: float = 7.5
    seats_per_chair: int = 4
    hidden: int = 16


class LiftCell(nn.Module):
    spec: LiftSpec

    @nn.compact
    def __call__(self, h, arrivals):
        load = self.variable("queue", "load", lambda: jnp.zeros(()))
        h = nn.tanh(nn.Dense(self.spec.hidden)(jnp.concatenate([h, arrivals])))
        served = self.spec.chairs_per_minute * self.spec.seats_per_chair * jax.nn.sigmoid(nn.Dense(1)(h)[0])
        load.value = jnp.maximum(load.value + arrivals.sum() - served, 0.0)
        return h, load.value


RematLiftCell = nn.remat(LiftCell)


class LiftNetwork(nn.Module):
    spec: LiftSpec

    @nn.compact
    def __call__(self, arrivals):
        cell = RematLiftCell(self.spec, name="cell")
        h0 = jnp.zeros(self.spec.hidden)
        if self.is_initializing():  # create the variables outside the loop, skip the rollout
            cell(h0, arrivals[0])
            return jnp.zeros(arrivals.shape[0])

        def body(h, minute_arrivals):
            h, waiting = cell(h, minute_arrivals)
            return h, waiting

        _, waiting = jax.lax.scan(body, h0, arrivals)
        return waiting


class QueueDashboard:
    def __init__(self, network, variables):
        self.network = network
        self.variables = variables

    def refresh(self, arrivals):
        return self.network.apply(self.variables, arrivals)


def main():
    spec = LiftSpec()
    network = LiftNetwork(spec)
    arrivals = jax.random.poisson(jax.random.key(9), 6.0, (30, 3)).astype(jnp.float32)
    variables = network.init(jax.random.key(0), arrivals)
    QueueDashboard(network, variables).refresh(arrivals).block_until_ready()
    return None
