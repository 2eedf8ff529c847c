# label: ok
# flax-error: none
# class: 3 the decoder bound once with model.bind(variables) is the attribute VoyagePlanner.bound; the recurrent state travels in the fori_loop carry
"""Island ferry voyage planner.

A recurrent decoder proposes the next port of call leg by leg. The planner service binds the
trained decoder once at start-up and reuses the bound module for every request; the recurrent
state is passed in and returned by each decoder step.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class RouteDecoder(nn.Module):
    n_ports: int = 6
    hidden: int = 12

    @nn.compact
    def __call__(self, port, state):
        embedded = nn.Embed(self.n_ports, self.hidden, name="embed")(port)
        new_state, out = nn.GRUCell(features=self.hidden, name="cell")(state, embedded)
        return nn.Dense(self.n_ports, name="logits")(out), new_state


class VoyagePlanner:
    def __init__(self, decoder: RouteDecoder, variables, max_legs: int):
        self.max_legs = max_legs
        self.hidden = decoder.hidden
        self.bound = decoder.bind(variables)  # shared, read-only binding for request handlers

    def plan(self, start_ports):
        batch = start_ports.shape[0]

        def leg(i, carry):
            route, port, state = carry
            logits, state = self.bound(port, state)
            port = jnp.argmax(logits, axis=-1)
            return route.at[:, i].set(port), port, state

        route0 = jnp.zeros((batch, self.max_legs), jnp.int32)
        carry0 = (route0, start_ports, jnp.zeros((batch, self.hidden)))
        route, _, _ = lax.fori_loop(0, self.max_legs, leg, carry0)
        return route


def main():
    decoder = RouteDecoder()
    start = jnp.array([0, 3], jnp.int32)
    variables = decoder.init(jax.random.key(0), start, jnp.zeros((2, decoder.hidden)))
    planner = VoyagePlanner(decoder, variables, max_legs=5)
    planner.plan(start)
    return None
