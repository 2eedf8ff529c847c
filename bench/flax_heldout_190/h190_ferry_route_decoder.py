# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the decoder bound once with model.bind(variables) is the attribute VoyagePlanner.bound; its __call__ writes the 'cache' variable in the fori_loop body
"""Island ferry voyage planner.

A recurrent decoder proposes the next port of call leg by leg. The planner service binds the
trained decoder once at start-up and reuses the bound module for every request; the decoder keeps
its recurrent state in a 'cache' collection between legs.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class RouteDecoder(nn.Module):
    n_ports: int = 6
    hidden: int = 12

    @nn.compact
    def __call__(self, port):
        state = self.variable("cache", "hidden", jnp.zeros, (port.shape[0], self.hidden))
        embedded = nn.Embed(self.n_ports, self.hidden, name="embed")(port)
        new_state, out = nn.GRUCell(features=self.hidden, name="cell")(state.value, embedded)
        state.value = new_state
        return nn.Dense(self.n_ports, name="logits")(out)


class VoyagePlanner:
    def __init__(self, decoder: RouteDecoder, variables, max_legs: int):
        self.max_legs = max_legs
        self.bound = decoder.bind(variables)  # shared, read-only binding for request handlers

    def plan(self, start_ports):
        batch = start_ports.shape[0]

        def leg(i, carry):
            route, port = carry
            port = jnp.argmax(self.bound(port), axis=-1)
            return route.at[:, i].set(port), port

        route0 = jnp.zeros((batch, self.max_legs), jnp.int32)
        route, _ = lax.fori_loop(0, self.max_legs, leg, (route0, start_ports))
        return route


def main():
    decoder = RouteDecoder()
    start = jnp.array([0, 3], jnp.int32)
    variables = decoder.init(jax.random.key(0), start)
    planner = VoyagePlanner(decoder, variables, max_legs=5)
    planner.plan(start)
    return None
