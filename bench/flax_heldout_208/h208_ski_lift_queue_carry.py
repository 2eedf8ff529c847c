# label: ok
# flax-error: none
# class: 2 the local variables dict of simulate_morning is carried through the fori_loop with telemetry mutable
"""Ski-lift queue operations: predicted wait per 5-minute slot, with a rider telemetry counter."""
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


@dataclass(frozen=True)
class LiftSpec:
    chairs_per_minute: float = 12.0
    seats: int = 4


class LiftQueueModel(nn.Module):
    spec: LiftSpec

    @nn.compact
    def __call__(self, arrivals):
        served = self.variable("telemetry", "riders_served", lambda: jnp.zeros((), jnp.float32))
        capacity = self.spec.chairs_per_minute * self.spec.seats * 5.0
        backlog = nn.relu(arrivals.sum() - capacity)
        served.value = served.value + jnp.minimum(arrivals.sum(), capacity)
        return nn.softplus(nn.Dense(1)(jnp.append(arrivals, backlog)))[0]


def simulate_morning(model, arrivals, seed=0):
    variables = model.init(jax.random.key(seed), arrivals[0])

    def slot(i, carry):
        total_wait, variables = carry
        wait, updates = model.apply(variables, arrivals[i], mutable=["telemetry"])
        return total_wait + wait, {**variables, **updates}

    return lax.fori_loop(0, arrivals.shape[0], slot, (jnp.float32(0.0), variables))


def main():
    arrivals = jax.random.poisson(jax.random.key(4), 60.0, (36, 3)).astype(jnp.float32)  # 3 ticket gates
    simulate_morning(LiftQueueModel(LiftSpec()), arrivals)
