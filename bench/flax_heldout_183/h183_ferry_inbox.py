# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 inbox -> message -> model.bind(variables, mutable=['cache']) taken by a worker; the while_loop body writes the bound cache
"""Ferry timetable worker: legs of a crossing are estimated by a bound ETA model taken from an inbox."""
import collections
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class LegEtaModel(nn.Module):
    hidden: int = 12

    def setup(self):
        self.body = nn.Dense(self.hidden)
        self.out = nn.Dense(1)

    def __call__(self, leg):
        return nn.softplus(self.out(nn.tanh(self.body(leg))))[..., 0]

    def remember(self, eta):
        self.put_variable("cache", "last_eta", eta)


@dataclasses.dataclass
class RouteMessage:
    route: str
    legs: jnp.ndarray
    model: LegEtaModel  # a bound module


class Inbox:
    def __init__(self):
        self._queue = collections.deque()

    def put(self, message):
        self._queue.append(message)

    def get(self):
        return self._queue.popleft()

    def __len__(self):
        return len(self._queue)


class CrossingWorker:
    def __init__(self, inbox: Inbox):
        self.inbox = inbox
        self.last_model = None

    def _sail(self, message: RouteMessage):
        n_legs = message.legs.shape[0]

        def keep_going(state):
            i, _ = state
            return i < n_legs

        def leg(state):
            i, total = state
            eta = message.model(message.legs[i])
            message.model.remember(eta)
            return i + 1, total + eta

        _, total = jax.lax.while_loop(keep_going, leg, (0, jnp.zeros(())))
        self.last_model = message.model
        return total

    def drain(self):
        return [self._sail(self.inbox.get()) for _ in range(len(self.inbox))]

    def status(self):
        return jnp.round(self.last_model.get_variable("cache", "last_eta"), 2)


def main():
    model = LegEtaModel()
    legs = jax.random.uniform(jax.random.key(1), (5, 4))
    variables = model.init(jax.random.key(0), legs[0])
    inbox = Inbox()
    inbox.put(RouteMessage("harbour-island", legs, model.bind(variables, mutable=["cache"])))
    worker = CrossingWorker(inbox)
    worker.drain()
    worker.status().block_until_ready()
    return None
