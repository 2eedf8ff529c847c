# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the GNN's own __call__ scans weight-tied message-passing rounds over its BatchNorm submodule, applied in train mode without mutable=
"""Graph neural network: weight-tied message passing (the same round applied T times, as in
gated graph networks), written as a jax.lax.scan inside the module's __call__. Each round
normalises node states with a BatchNorm shared across rounds.

Modelled on "ModifyScopeVariableError batch_stats immutable" reports where the model is applied
in training mode inside its own scan and the caller did not ask for mutable batch stats."""
import jax
import jax.numpy as jnp
import flax.linen as nn

N_NODES = 6
FEAT = 8
ROUNDS = 4


class TiedMPNN(nn.Module):
    hidden: int = 16

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.message = nn.Dense(self.hidden)
        self.update = nn.Dense(self.hidden)
        self.norm = nn.BatchNorm(momentum=0.9)
        self.readout = nn.Dense(1)

    def round(self, h, adj, train):
        m = adj @ self.message(h) / jnp.maximum(adj.sum(-1, keepdims=True), 1.0)
        h = nn.relu(self.update(jnp.concatenate([h, m], axis=-1)))
        return self.norm(h, use_running_average=not train)

    def __call__(self, x, adj, train=True):
        h = self.embed(x)
        if self.is_initializing():
            h = self.round(h, adj, train)  # create the round's parameters outside the loop

        def body(h, _):
            return self.round(h, adj, train), None

        h, _ = jax.lax.scan(body, h, None, length=ROUNDS)
        return self.readout(h.mean(0))


def main():
    x = jax.random.normal(jax.random.key(0), (N_NODES, FEAT))
    adj = (jax.random.uniform(jax.random.key(1), (N_NODES, N_NODES)) > 0.5).astype(jnp.float32)
    model = TiedMPNN()
    variables = model.init(jax.random.key(2), x, adj)
    pred = model.apply(variables, x, adj)  # training mode, batch_stats not marked mutable
    print("graph prediction", pred)
