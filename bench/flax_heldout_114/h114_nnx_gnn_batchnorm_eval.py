# label: ok
# flax-error: none
# class: 1 the GNN's own __call__ runs a raw scan over message-passing rounds that calls its BatchNorm submodule after model.eval(), so the stats are only read
"""Graph neural network with NNX: weight-tied message passing, the same round applied T times by
a raw jax.lax.scan inside the module's __call__, each round normalising node states with a
shared BatchNorm.

Twin of h114_nnx_gnn_batchnorm.py: the model is put in evaluation mode before the call, so the
BatchNorm in the body uses its running averages and mutates nothing."""
import jax
import jax.numpy as jnp
from flax import nnx

N_NODES = 6
FEAT = 8
HIDDEN = 16
ROUNDS = 4


class TiedMPNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(FEAT, HIDDEN, rngs=rngs)
        self.message = nnx.Linear(HIDDEN, HIDDEN, rngs=rngs)
        self.update = nnx.Linear(2 * HIDDEN, HIDDEN, rngs=rngs)
        self.norm = nnx.BatchNorm(HIDDEN, momentum=0.9, rngs=rngs)
        self.readout = nnx.Linear(HIDDEN, 1, rngs=rngs)

    def __call__(self, x, adj):
        def round_(h, _):
            m = adj @ self.message(h) / jnp.maximum(adj.sum(-1, keepdims=True), 1.0)
            h = nnx.relu(self.update(jnp.concatenate([h, m], axis=-1)))
            return self.norm(h), None

        h, _ = jax.lax.scan(round_, self.embed(x), None, length=ROUNDS)
        return self.readout(h.mean(0))


def main():
    x = jax.random.normal(jax.random.key(0), (N_NODES, FEAT))
    adj = (jax.random.uniform(jax.random.key(1), (N_NODES, N_NODES)) > 0.5).astype(jnp.float32)
    model = TiedMPNN(nnx.Rngs(2))
    model.eval()
    pred = model(x, adj)
    print("graph prediction", pred)
