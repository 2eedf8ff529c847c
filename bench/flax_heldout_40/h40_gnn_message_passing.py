# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the module method self.message_round (BatchNorm in training mode) is the body of lax.fori_loop; apply is called without mutable batch_stats
"""Message-passing GNN for molecular property prediction with weight-shared rounds."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MPNN(nn.Module):
    hidden: int = 32
    num_rounds: int = 4

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.edge_mlp = nn.Dense(self.hidden)
        self.node_mlp = nn.Dense(self.hidden)
        self.norm = nn.BatchNorm(momentum=0.9)
        self.readout = nn.Dense(1)

    def message_round(self, i, h, senders, receivers, train):
        msg = nn.relu(self.edge_mlp(jnp.concatenate([h[senders], h[receivers]], -1)))
        agg = jax.ops.segment_sum(msg, receivers, num_segments=h.shape[0])
        upd = self.node_mlp(jnp.concatenate([h, agg], -1))
        return h + nn.relu(self.norm(upd, use_running_average=not train))

    def __call__(self, nodes, senders, receivers, train: bool = True):
        h = self.embed(nodes)
        if self.is_initializing():
            h = self.message_round(0, h, senders, receivers, train)
        else:
            h = lax.fori_loop(
                0, self.num_rounds,
                lambda i, h: self.message_round(i, h, senders, receivers, train), h)
        return self.readout(h.mean(0))


def main():
    n_atoms = 6
    nodes = jax.random.normal(jax.random.key(0), (n_atoms, 8))
    senders = jnp.array([0, 1, 2, 3, 4, 5, 1, 2])
    receivers = jnp.array([1, 2, 3, 4, 5, 0, 0, 4])
    model = MPNN()
    variables = model.init(jax.random.key(1), nodes, senders, receivers)
    energy = model.apply(variables, nodes, senders, receivers, train=True)
    jax.block_until_ready(energy)
    return None
