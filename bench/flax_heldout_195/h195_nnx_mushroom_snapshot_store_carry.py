# label: ok
# flax-error: none
# class: 4 HumidityService -> Session -> SnapshotStore.save gets a model nnx.merge'd after the scan from the state the body returned through the carry
"""Mushroom farm humidity control: each grow room has a session that adapts the humidity model
online from the latest sensor sweeps. A snapshot store keeps the adapted model; if it validates
worse than the deployed one the service rolls the room back."""
import jax
import jax.numpy as jnp
from flax import nnx


class HumidityModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(sensors, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.tanh(self.body(x)))[..., 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class SnapshotStore:
    def __init__(self):
        self._snapshots = []

    def save(self, model):
        self._snapshots.append(model)

    def latest(self):
        return self._snapshots[-1]


class Session:
    def __init__(self, room: str, model: HumidityModel, lr: float = 0.05):
        self.room = room
        self.model = model
        self.lr = lr
        self.store = SnapshotStore()

    def adapt(self, sweeps, targets):
        graphdef, state = nnx.split(self.model)

        def sweep(state, batch):
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(mse)(model, *batch)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            return nnx.state(model), None

        state, _ = jax.lax.scan(sweep, state, (sweeps, targets))
        self.store.save(nnx.merge(graphdef, state))


class HumidityService:
    def __init__(self, sessions):
        self.sessions = {s.room: s for s in sessions}

    def nightly(self, room, sweeps, targets, holdout):
        session = self.sessions[room]
        session.adapt(sweeps, targets)
        candidate = session.store.latest()
        if mse(candidate, *holdout) > mse(session.model, *holdout):
            return "rolled back"
        session.model = candidate
        return "promoted"


def main():
    keys = jax.random.split(jax.random.key(0), 3)
    sweeps = jax.random.normal(keys[0], (6, 10, 5))
    targets = sweeps.mean(-1) * 0.8 + 0.1
    holdout = (jax.random.normal(keys[1], (10, 5)), jnp.zeros((10,)))
    service = HumidityService([Session("room-3", HumidityModel(5, nnx.Rngs(1)))])
    service.nightly("room-3", sweeps, targets, holdout)
    return None
