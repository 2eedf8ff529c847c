# label: ok
# flax-error: none
# class: 1 the GNN's own __call__ scans message-passing rounds over its submodules; node states leave the body as scan ys and are sown once after the loop
"""Graph neural network with jumping-knowledge readout: node states of every message-passing
round are recorded with self.sow and read back after apply(..., mutable=["intermediates"]) to
build the readout. The rounds share weights and are run with jax.lax.scan inside __call__.

Twin of h114_gnn_sow.py: the body returns each round's node states as the scan output and
__call__ sows the stacked array after the loop."""
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
            return h, h

        h, later = jax.lax.scan(body, h, None, length=ROUNDS - 1)
        for r in range(ROUNDS - 1):
            self.sow("intermediates", "rounds", later[r])
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
