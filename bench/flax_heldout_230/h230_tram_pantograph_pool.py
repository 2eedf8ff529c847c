# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 module-level POOL singleton holds bound sessions (model.bind(variables, mutable=["counters"])); while_loop body calls POOL.get(line) and the counters are read after the loop
"""Tram overhead line: pantograph wear per span, counting arc strikes until the inspection budget runs out."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class WearModel(nn.Module):
    def setup(self):
        self.head = nn.Dense(1)
        self.strikes = self.variable("counters", "arc_strikes", jnp.zeros, ())

    def __call__(self, span):
        wear = nn.softplus(self.head(span))[..., 0]
        self.strikes.value = self.strikes.value + (wear > 0.7).sum()
        return wear


class SessionPool:
    """One bound wear model per tram line, created on first request."""

    def __init__(self):
        self._sessions = {}

    def get(self, line: str):
        if line not in self._sessions:
            model = WearModel()
            variables = model.init(jax.random.key(len(self._sessions)), jnp.zeros((2, 4)))
            self._sessions[line] = model.bind(variables, mutable=["counters"])
        return self._sessions[line]

    def arc_strikes(self, line: str):
        return self._sessions[line].variables["counters"]["arc_strikes"]


POOL = SessionPool()


def inspect_line(line: str, spans, budget: float):
    POOL.get(line)  # loaded by the dispatcher before inspection starts

    def cond(state):
        i, spent = state
        return (i < spans.shape[0]) & (spent < budget)

    def body(state):
        i, spent = state
        return i + 1, spent + POOL.get(line)(spans[i]).sum()

    lax.while_loop(cond, body, (0, jnp.zeros(())))
    return POOL.arc_strikes(line) + 0


def main():
    spans = jax.random.normal(jax.random.key(9), (6, 2, 4))  # spans x contact wires x readings
    inspect_line("line-4", spans, budget=5.0)
