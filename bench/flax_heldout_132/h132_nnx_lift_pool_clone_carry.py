# label: ok
# flax-error: none
# class: 4 service -> SessionPool of nnx.clone'd modules; the session state goes through the scan carry and is merged and checked in after the loop
"""Gondola load service: a pool of per-station model sessions, warmed up on the morning stream."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DriftState(nnx.Variable):
    """Per-station bias correction learned while the lift runs."""


class GondolaLoadModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 3, rngs=rngs)
        self.drift = DriftState(jnp.zeros(3))

    def __call__(self, obs):
        return self.lin(obs) + self.drift[...]

    def adapt(self, obs, target):
        self.drift[...] = 0.9 * self.drift[...] + 0.1 * (target - self(obs)).mean(0)


class SessionPool:
    def __init__(self, prototype, size):
        self.sessions = [nnx.clone(prototype) for _ in range(size)]

    def checkout(self, index):
        return self.sessions[index]

    def checkin(self, index, session):
        self.sessions[index] = session


class GondolaService:
    def __init__(self, pool):
        self.pool = pool

    def warm_up(self, station, observations, targets):
        graphdef, state = nnx.split(self.pool.checkout(station))

        def body(state, batch):
            session = nnx.merge(graphdef, state)
            session.adapt(*batch)
            return nnx.state(session), None

        state, _ = lax.scan(body, state, (observations, targets))
        self.pool.checkin(station, nnx.merge(graphdef, state))

    def predict(self, station, obs):
        return self.pool.checkout(station)(obs)


def main():
    key_o, key_t = jax.random.split(jax.random.key(8))
    observations = jax.random.uniform(key_o, (5, 4, 3))  # minutes x cabins x (weight, sway, doors)
    targets = jax.random.uniform(key_t, (5, 4, 3))
    service = GondolaService(SessionPool(GondolaLoadModel(nnx.Rngs(0)), size=3))
    service.warm_up(1, observations, targets)
    print(service.predict(1, observations[-1]).sum())
