# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the GNN's own __call__ scans message-passing rounds over its submodules and calls self.sow("intermediates", ...) inside the body
"""Graph neural network with jumping-knowledge readout: node states of every message-passing
round are recorded with self.sow and read back after apply(..., mutable=["intermediates"]) to
build the readout. The rounds share weights and are run with jax.lax.scan inside __call__.

Modelled on "sow inside lax.scan returns tracers / UnexpectedTracerError when reading
intermediates" reports."""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_NODES = 7
FEAT = 5
ROUNDS = 4


class JKGraphNet(nn.Module):
    hidden: int = 16

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.message = nn.Dense(self.hidden)
        self.update = nn.GRUCell(features=self.hidden)

    def round(self, h, adj):
        m = adj @ self.message(h)
        h, _ = self.update(h, m)
        return h

    def __call__(self, x, adj):
        h = self.round(self.embed(x), adj)  # first round outside the loop creates the params
        self.sow("intermediates", "rounds", h)

        def body(h, _):
            h = self.round(h, adj)
            self.sow("intermediates", "rounds", h)
            return h, None

        h, _ = jax.lax.scan(body, h, None, length=ROUNDS - 1)
        return h


def main():
    x = jax.random.normal(jax.random.key(0), (N_NODES, FEAT))
    adj = (jax.random.uniform(jax.random.key(1), (N_NODES, N_NODES)) > 0.6).astype(jnp.float32)
    model = JKGraphNet()
    variables = model.init(jax.random.key(2), x, adj)
    h, state = model.apply(variables, x, adj, mutable=["intermediates"])
    rounds = state["intermediates"]["rounds"]
    jk = jnp.max(jnp.stack(rounds), axis=0)  # jumping-knowledge max over rounds
    print("graph embedding", jk.sum(0))
