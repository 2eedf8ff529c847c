# label: ok
# flax-error: none
# class: 4 the service's scan body applies self.pool.get(user).model with the session's statistics in the carry, and the session is rebound after the loop
"""Per-user thermostat comfort sessions behind an LRU pool; replaying a user's readings adapts the session."""
import collections

import jax
import jax.numpy as jnp
import flax.linen as nn


class ComfortNet(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool = False):
        x = nn.Dense(8)(readings)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.swish(x))[..., 0]


class Session:
    def __init__(self, user_id, model, variables):
        self.user_id = user_id
        self.model = model
        self.rebind(variables)

    def rebind(self, variables):
        self.variables = variables
        self.bound = self.model.bind(variables, mutable=["batch_stats"])

    def setpoint(self, readings):
        return 21.0 + self.bound(readings, train=False)


class LRUSessionPool:
    def __init__(self, factory, capacity=2):
        self.factory = factory
        self.capacity = capacity
        self._sessions = collections.OrderedDict()

    def get(self, user_id):
        if user_id in self._sessions:
            self._sessions.move_to_end(user_id)
        else:
            self._sessions[user_id] = self.factory(user_id)
            if len(self._sessions) > self.capacity:
                self._sessions.popitem(last=False)
        return self._sessions[user_id]


class ComfortService:
    def __init__(self, model, variables, capacity=2):
        self.pool = LRUSessionPool(lambda uid: Session(uid, model, variables), capacity)

    def replay(self, user_id, history):
        """Adapt the user's normalization statistics to their recent readings."""
        session = self.pool.get(user_id)
        params = session.variables["params"]

        def adapt(carry, batch):
            drift, stats = carry
            pred, updates = self.pool.get(user_id).model.apply(
                {"params": params, "batch_stats": stats}, batch, train=True, mutable=["batch_stats"])
            return (drift + pred.mean(), updates["batch_stats"]), None

        (drift, stats), _ = jax.lax.scan(adapt, (jnp.zeros(()), session.variables["batch_stats"]), history)
        session.rebind({"params": params, "batch_stats": stats})
        return drift

    def setpoint(self, user_id, readings):
        return self.pool.get(user_id).setpoint(readings)


def main():
    model = ComfortNet()
    history = jax.random.normal(jax.random.key(0), (6, 4, 3))
    variables = model.init(jax.random.key(1), history[0])
    service = ComfortService(model, variables)
    service.replay("alice", history)
    service.replay("bob", history * 0.5)
    jax.block_until_ready(service.setpoint("alice", history[-1]))
    return None
