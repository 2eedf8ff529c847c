# label: ok
# flax-error: none
# class: 4 BoardingService -> SessionPool -> Session holding the model, its variables and a key; the key is split per sample and passed as the scan xs to model.apply
"""Ferry boarding: a service keeps a pool of warm model sessions, one per terminal. To quote a
boarding-time range it draws dropout samples for the vehicle mix waiting at the gate."""
from collections import deque

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BoardingTime(nn.Module):
    @nn.compact
    def __call__(self, vehicles, stochastic: bool = False):
        h = nn.relu(nn.Dense(10)(vehicles))
        h = nn.Dropout(0.2)(h, deterministic=not stochastic)
        return nn.softplus(nn.Dense(1)(h))[0] * 30.0


class Session:
    def __init__(self, terminal: str, model, variables, key):
        self.terminal = terminal
        self.model = model
        self.variables = variables
        self.key = key

    def sample(self, vehicles, key):
        return self.model.apply(self.variables, vehicles, stochastic=True, rngs={"dropout": key})


class SessionPool:
    def __init__(self, sessions):
        self._idle = deque(sessions)

    def acquire(self) -> Session:
        session = self._idle.popleft()
        self._idle.append(session)
        return session


class BoardingService:
    def __init__(self, pool: SessionPool, draws: int = 9):
        self.pool = pool
        self.draws = draws

    def quote(self, vehicles):
        session = self.pool.acquire()

        def draw(carry, key):
            minutes = session.sample(vehicles, key)
            return carry, minutes

        _, minutes = lax.scan(draw, 0, jax.random.split(session.key, self.draws))
        return jnp.percentile(minutes, jnp.array([10.0, 90.0])), minutes


def main():
    model = BoardingTime()
    vehicles = jnp.array([34.0, 6.0, 2.0, 11.0])
    variables = model.init(jax.random.key(0), vehicles)
    pool = SessionPool([Session(name, model, variables, jax.random.key(i))
                        for i, name in enumerate(["north", "south"])])
    _, minutes = BoardingService(pool).quote(vehicles)
    return minutes
