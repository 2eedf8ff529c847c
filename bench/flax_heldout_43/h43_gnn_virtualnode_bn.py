# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 module method (self.propagate with BatchNorm in training mode) called from a jax.lax.while_loop body; apply without mutable
"""Graph network with a virtual node that propagates until the node states stop changing."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class VirtualNodeGNN(nn.Module):
    dim: int = 8
    max_iters: int = 10

    def setup(self):
        self.msg = nn.Dense(self.dim)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)

    def propagate(self, h, adj):
        virtual = h.mean(0, keepdims=True)
        h_new = nn.relu(self.norm(adj @ self.msg(h) + virtual))
        return 0.5 * h + 0.5 * h_new

    def __call__(self, h, adj):
        if self.is_initializing():
            return self.propagate(h, adj)

        def cond(state):
            i, h, delta = state
            return (i < self.max_iters) & (delta > 1e-3)

        def body(state):
            i, h, _ = state
            h_new = self.propagate(h, adj)
            return i + 1, h_new, jnp.abs(h_new - h).max()

        _, h, _ = jax.lax.while_loop(cond, body, (0, h, jnp.inf))
        return h


def main():
    adj = jnp.eye(6, k=1) + jnp.eye(6, k=-1)
    h = jnp.ones((6, 8))
    model = VirtualNodeGNN()
    variables = model.init(jax.random.key(0), h, adj)
    out = model.apply(variables, h, adj)
    out.block_until_ready()
    return None
