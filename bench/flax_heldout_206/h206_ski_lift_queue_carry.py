# label: ok
# flax-error: none
# class: 5 LiftNetwork scans the minutes of the day over an nn.remat-wrapped LiftCell; the queue load enters the rematerialised cell through the scan carry and is written to the 'queue' variable once after the loop
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
    def __call__(self, h, load, arrivals):
        h = nn.tanh(nn.Dense(self.spec.hidden)(jnp.concatenate([h, arrivals])))
        served = self.spec.chairs_per_minute * self.spec.seats_per_chair * jax.nn.sigmoid(nn.Dense(1)(h)[0])
        load = jnp.maximum(load + arrivals.sum() - served, 0.0)
        return h, load


RematLiftCell = nn.remat(LiftCell)


class LiftNetwork(nn.Module):
    spec: LiftSpec

    @nn.compact
    def __call__(self, arrivals):
        cell = RematLiftCell(self.spec, name="cell")
        load = self.variable("queue", "load", lambda: jnp.zeros(()))
        h0 = jnp.zeros(self.spec.hidden)
        if self.is_initializing():  # create the variables outside the loop, skip the rollout
            cell(h0, load.value, arrivals[0])
            return jnp.zeros(arrivals.shape[0])

        def body(carry, minute_arrivals):
            h, waiting = carry
            h, waiting = cell(h, waiting, minute_arrivals)
            return (h, waiting), waiting

        (_, final_load), waiting = jax.lax.scan(body, (h0, load.value), arrivals)
        if self.is_mutable_collection("queue"):
            load.value = final_load
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
