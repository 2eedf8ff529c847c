# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the DosingService looks up a Session in its pool; the while_loop body merges the session's graphdef with the carried state and also keeps the merged model on session.live, which report() reads after the loop
"""Nutrient dosing service for hydroponic tanks; one session per tank is kept in a pool."""
from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class DoseCount(nnx.Variable):
    """How many doses this policy has issued."""


class DosePolicy(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.policy = nnx.Linear(3, 1, rngs=rngs)
        self.doses = DoseCount(jnp.zeros((), jnp.int32))

    def __call__(self, ec, target, ph):
        self.doses[...] = self.doses[...] + 1
        features = jnp.stack([ec, target - ec, ph])
        return 0.05 + 0.2 * nnx.sigmoid(self.policy(features))[0]


@dataclasses.dataclass
class Session:
    graphdef: Any
    state: Any
    live: Any = None


class DosingService:
    def __init__(self, max_doses: int = 30):
        self.pool: dict[str, Session] = {}
        self.max_doses = max_doses

    def open(self, tank: str, policy: DosePolicy):
        graphdef, state = nnx.split(policy)
        self.pool[tank] = Session(graphdef, state)

    def dose_until(self, tank: str, ec, target: float, ph: float):
        session = self.pool[tank]

        def cond(carry):
            ec, _, n = carry
            return (ec < target) & (n < self.max_doses)

        def body(carry):
            ec, state, n = carry
            policy = nnx.merge(session.graphdef, state)
            ec = ec + policy(ec, target, ph)
            session.live = policy  # keep the warm model for the dashboard
            return ec, nnx.state(policy), n + 1

        ec, state, _ = while_loop(cond, body, (jnp.asarray(ec), session.state, 0))
        session.state = state
        return ec

    def report(self, tank: str):
        session = self.pool[tank]
        policy = session.live if session.live is not None else nnx.merge(session.graphdef, session.state)
        return {"doses": jnp.sum(policy.doses[...]), "gain": jnp.linalg.norm(policy.policy.kernel[...])}


def main():
    service = DosingService()
    service.open("tank-3", DosePolicy(rngs=nnx.Rngs(0)))
    ec = service.dose_until("tank-3", 1.2, target=2.0, ph=6.1)
    ec.block_until_ready()
    jax.block_until_ready(service.report("tank-3"))
    return None
