# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DispatchController -> SessionManager.session(building) lazily runs model.init on first use, which happens inside the fori_loop body; the cached variables are reused after the loop
"""Elevator group dispatch: one scoring-policy session per building, opened on demand."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CarScorer(nn.Module):
    n_cars: int

    @nn.compact
    def __call__(self, hall_call):
        h = nn.relu(nn.Dense(16)(hall_call))
        return nn.Dense(self.n_cars)(h)  # preference per car


class Session:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def scores(self, hall_call):
        return self.model.apply(self.variables, hall_call)


class SessionManager:
    def __init__(self, model, seed=0):
        self.model = model
        self.seed = seed
        self._sessions = {}

    def session(self, building, example):
        if building not in self._sessions:
            variables = self.model.init(jax.random.key(self.seed), example)
            self._sessions[building] = Session(self.model, variables)
        return self._sessions[building]


def _score_cars(session, hall_call):
    return session.scores(hall_call)


def _assign(manager, building, hall_call):
    return jnp.argmax(_score_cars(manager.session(building, hall_call), hall_call))


class DispatchController:
    def __init__(self, manager, building):
        self.manager, self.building = manager, building

    def dispatch_shift(self, hall_calls):
        n = hall_calls.shape[0]

        def on_call(i, assigned):
            return assigned.at[i].set(_assign(self.manager, self.building, hall_calls[i]))

        return jax.lax.fori_loop(0, n, on_call, jnp.zeros(n, jnp.int32))


def main():
    manager = SessionManager(CarScorer(n_cars=6))
    calls = jax.random.uniform(jax.random.key(1), (15, 4))  # floor, direction, waiting time, load
    controller = DispatchController(manager, building="tower-a")
    assigned = controller.dispatch_shift(calls)
    next_car = _assign(manager, "tower-a", calls[0])
    assert assigned.shape == (15,)
    return None
