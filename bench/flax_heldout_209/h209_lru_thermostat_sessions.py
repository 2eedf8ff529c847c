# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the service's scan body calls self.pool.get(user).bound, a model.bind(..., mutable=["batch_stats"]) kept by a session in the LRU pool
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

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
        def adapt(carry, batch):
            pred = self.pool.get(user_id).bound(batch, train=True)
            return carry + pred.mean(), None

        drift, _ = jax.lax.scan(adapt, jnp.zeros(()), history)
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
    service.setpoint("alice", history[-1])
    return None
